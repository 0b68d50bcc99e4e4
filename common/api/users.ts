import { LANGUAGE_CODES } from '../languages';
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../types';
import { MAIL_STATUS } from './messages';
import { newPassword } from './passwords';
import { USER_ATTRIBUTES } from './rowPolicies';

// Users on the wire: the signed-in User, a ManagedUser of the users section, the create and
// update payloads, and the answer of a new invitation.

export const USER = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  accountId: z.number().int(),
  site: z.string(),
  language: z
    .enum(LANGUAGE_CODES)
    .nullable()
    .describe("The user's own language; null: the account's default"),
});
export type User = z.infer<typeof USER>;

/** A user as the users section reads it: the User, where they stand and their attributes. */
export const MANAGED_USER = USER.extend({
  status: z.enum(USER_STATUSES),
  attributes: USER_ATTRIBUTES,
});
export type ManagedUser = z.infer<typeof MANAGED_USER>;

const username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores');
const fullName = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const email = z.string().trim().max(254).pipe(z.email('must be an e-mail address'));
const password = newPassword;

export const userCreateSchema = z.strictObject({
  username,
  fullName,
  email,
  role: z.enum(ROLES),
  active: z.boolean().default(true),
  /** Without a password the user is invited: inactive until they set one from the message. */
  password: password.optional(),
  attributes: USER_ATTRIBUTES.default({}),
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  username: username.optional(),
  fullName: fullName.optional(),
  email: email.optional(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
  password: password.optional(),
  attributes: USER_ATTRIBUTES.optional(),
});

/** A new invitation: its single-use link, answered once to be copied, and what the e-mail did. */
const INVITATION_LINK = z.object({
  createPasswordPath: z.string(),
  mailStatus: MAIL_STATUS,
});

/** A new invitation of an invited user. */
export const USER_INVITATION = INVITATION_LINK.extend({ id: z.number().int() });
export type UserInvitation = z.infer<typeof USER_INVITATION>;

/** A new user; one created without a password comes with the link of their invitation. */
export const CREATED_USER = MANAGED_USER.extend({ invitation: INVITATION_LINK.optional() });
export type CreatedUser = z.infer<typeof CREATED_USER>;
