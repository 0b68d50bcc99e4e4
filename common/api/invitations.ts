import { z } from 'zod';
import { newPassword } from './passwords';

// The create-password page's calls: who the link is for, setting the password, and the
// sign-in page of the user's site it then opens.

export const INVITATION_DETAILS = z.object({
  username: z.string(),
  fullName: z.string(),
  site: z.string(),
  accountName: z.string(),
  expiresAt: z.string(),
});
export type InvitationDetails = z.infer<typeof INVITATION_DETAILS>;

export const createPasswordSchema = z.strictObject({
  /** The id of the /create-password/<id> link. */
  invitation: z.string().min(16).max(200),
  password: newPassword,
});

export const ACCOUNT_REDIRECT = z.object({ site: z.string(), redirectUrl: z.string() });
export type AccountRedirect = z.infer<typeof ACCOUNT_REDIRECT>;
