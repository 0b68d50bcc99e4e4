import { z } from 'zod';
import { dashboardFilterValueSchema, itemId } from './dashboards';
import { USER_ATTRIBUTES } from './rowPolicies';

// Signed embedding on the wire: the embedding secrets an admin manages, and the claims of an
// embed token (a JWT, HS256) the tenant's backend signs with one of them.

/** An embed token lives at most this long (exp - now). */
export const EMBED_TOKEN_MAX_SECONDS = 24 * 60 * 60;

/** Body of POST /api/v1/embedSecrets. */
export const EMBED_SECRET_INPUT = z.strictObject({
  label: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
});

export const EMBED_SECRET = z.object({
  id: z.number(),
  label: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type EmbedSecret = z.infer<typeof EMBED_SECRET>;

/** The answer to a create: the secret itself, shown once. */
export const CREATED_EMBED_SECRET = EMBED_SECRET.extend({
  secret: z.string().describe('the secret to sign tokens with, shown once'),
  keyId: z.string().describe("the token header's `kid` naming this secret"),
});
export type CreatedEmbedSecret = z.infer<typeof CREATED_EMBED_SECRET>;

const origin = z
  .string()
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/, 'must be an origin: scheme://host[:port]');

/** What an embed token says; `exp` (seconds since 1970) is required, at most 24 h ahead. */
export const EMBED_CLAIMS = z.object({
  dashboardId: z.number().int().positive(),
  attributes: USER_ATTRIBUTES.default({}),
  lockedFilters: z.array(dashboardFilterValueSchema).max(30).default([]),
  /** Filters the viewer may change; without it every filter that is not locked. */
  editableFilters: z.array(itemId).max(30).optional(),
  theme: z
    .object({
      mode: z.enum(['light', 'dark']).optional(),
      primaryColor: z
        .string()
        .regex(/^#[0-9A-Fa-f]{6}$/, 'must be #rrggbb')
        .optional(),
    })
    .optional(),
  /** Origins allowed to frame the dashboard; without it none. */
  origins: z.array(origin).max(20).default([]),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  nbf: z.number().int().optional(),
});
export type EmbedClaims = z.input<typeof EMBED_CLAIMS>;
export type VerifiedEmbedClaims = z.output<typeof EMBED_CLAIMS>;
