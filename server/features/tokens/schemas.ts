import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const apiTokenCreateSchema = z.strictObject({
  label: text(100),
  expiresInDays: z.number().int().min(1).max(365).optional(),
  scope: z.enum(['read', 'read-write']).default('read-write'),
});
