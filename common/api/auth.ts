import { z } from 'zod';
import { USER } from './users';

// Sign-in, sign-out and "forgot your password" on the wire.

export const loginSchema = z.strictObject({
  username: z.string().trim().min(1, 'is required').max(200),
  password: z.string().min(1, 'is required').max(1024),
});

export const LOGIN_ANSWER = z.object({ token: z.string(), user: USER });
export type LoginAnswer = z.infer<typeof LOGIN_ANSWER>;

export const VERIFY_LOGIN_ANSWER = z.object({ user: USER });

export const passwordResetSchema = z.strictObject({
  username: z.string().trim().min(1, 'Type your user name or e-mail.').max(254),
});

/** The answer of a call that only says it was done. */
export const SUCCESS = z.object({ success: z.literal(true) });
/** A sign-out; for a session of single sign-on, the provider's sign-out address to go to. */
export const LOGOUT_ANSWER = SUCCESS.extend({ endSessionUrl: z.string().optional() });
export const OK = z.object({ ok: z.literal(true) });
