import { z } from 'zod';

// Personal API tokens on the wire: the create payload and the token record (never the hash;
// the token itself only in the answer of its creation).

const TOKEN_SCOPES = ['read', 'read-write'] as const;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const apiTokenCreateSchema = z.strictObject({
  label: text(100),
  expiresInDays: z.number().int().min(1).max(365).optional(),
  scope: z.enum(TOKEN_SCOPES).default('read-write'),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

export const API_TOKEN = z.object({
  id: z.number().int(),
  label: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revoked: z.boolean(),
});

/** The answer of a creation: the record and, this once, the token. */
export const ISSUED_API_TOKEN = API_TOKEN.extend({ token: z.string() });
