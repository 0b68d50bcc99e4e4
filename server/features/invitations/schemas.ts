import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../auth/passwords';

export const createPasswordSchema = z.strictObject({
  /** The id of the /create-password/<id> link. */
  invitation: z.string().min(16).max(200),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});
