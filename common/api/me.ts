import { z } from 'zod';
import { newPassword } from './passwords';

// The signed-in user's own profile: the name change and the password change. Both answer
// with the User of ./users (the password change with `{ success: true }`).

export const profileUpdateSchema = z.strictObject({
  fullName: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
});

export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(200),
  newPassword,
});
