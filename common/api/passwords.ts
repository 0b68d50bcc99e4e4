import { z } from 'zod';

// The password rule (docs/architecture.md §7) of every payload that sets a password.

export const MIN_PASSWORD_LENGTH = 12;

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'must be at most 200 characters');
