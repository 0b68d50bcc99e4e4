import { z } from 'zod';
import { newPassword } from './passwords';
import { LANGUAGE_CODES } from '../languages';

// The signed-in user's own profile: the name change and the password change. Both answer
// with the User of ./users (the password change with `{ success: true }`).

/** The fields given change: the full name, the own language (null: the account's default). */
export const profileUpdateSchema = z
  .strictObject({
    fullName: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(120, 'must be at most 120 characters')
      .optional(),
    language: z.enum(LANGUAGE_CODES).nullable().optional(),
  })
  .refine((body) => body.fullName !== undefined || body.language !== undefined, {
    message: 'give fullName or language',
  });

export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(200),
  newPassword,
});
