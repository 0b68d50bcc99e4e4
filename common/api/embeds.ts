import { z } from 'zod';
import { dashboardFilterValueSchema, itemId } from './dashboards';
import { USER_ATTRIBUTES } from './rowPolicies';
import { sharedChartSchema } from './shares';

// Signed embedding on the wire: the embedding secrets an admin manages, the claims of an
// embed token (a JWT, HS256) the tenant's backend signs with one of them, and the public API of
// an embedded chart.

/** An embed token lives at most this long (exp - iat). */
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

/** What an embed token shows: one dashboard (`dashboardId`) or one saved chart (`chartId`). */
export type EmbedKind = 'dashboard' | 'chart';
interface EmbedTarget {
  kind: EmbedKind;
  id: number;
}

const objectId = z.number().int().positive();

/**
 * What an embed token says; `iat` and `exp` (seconds since 1970) are required, `exp` at most
 * 24 h after `iat` (the server also refuses an `iat` more than a minute ahead of its clock). It
 * names exactly one of `dashboardId` and `chartId`. On a dashboard token a locked filter names
 * one of the dashboard's filters; on a chart token, a field of the chart's dataset.
 */
export const EMBED_CLAIMS = z
  .object({
    dashboardId: objectId.optional(),
    chartId: objectId.optional(),
    attributes: USER_ATTRIBUTES.default({}),
    lockedFilters: z.array(dashboardFilterValueSchema).max(30).default([]),
    /** Filters the viewer may change (dashboards only); without it every filter not locked. */
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
    /** Origins allowed to frame the page; without it none. */
    origins: z.array(origin).max(20).default([]),
    exp: z.number().int(),
    iat: z.number().int(),
    nbf: z.number().int().optional(),
  })
  .superRefine((claims, context) => {
    const named = [claims.dashboardId, claims.chartId].filter((id) => id !== undefined);
    if (named.length !== 1) {
      const message = named.length
        ? 'give dashboardId or chartId, not both'
        : 'give dashboardId or chartId';
      context.addIssue({ code: 'custom', path: [], message });
    }
    if (claims.chartId !== undefined && claims.editableFilters !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['editableFilters'],
        message: 'a chart token has no filters a viewer changes',
      });
    }
  });
export type EmbedClaims = z.input<typeof EMBED_CLAIMS>;
export type VerifiedEmbedClaims = z.output<typeof EMBED_CLAIMS>;

/**
 * The dashboard or chart `claims` embed, or null when they name neither or both (the web page
 * reads its token's claims unchecked; the server's are checked by EMBED_CLAIMS).
 */
export function embedTargetOf(claims: {
  dashboardId?: unknown;
  chartId?: unknown;
}): EmbedTarget | null {
  const { dashboardId, chartId } = claims;
  const isId = (id: unknown): id is number => Number.isInteger(id) && (id as number) > 0;
  if (isId(dashboardId) && chartId === undefined) return { kind: 'dashboard', id: dashboardId };
  if (isId(chartId) && dashboardId === undefined) return { kind: 'chart', id: chartId };
  return null;
}

/** The answer of GET /api/v1/embed/charts/{chartId}: the chart an embed token shows. */
export const EMBEDDED_CHART = z.object({ chart: sharedChartSchema });
export type EmbeddedChartAnswer = z.output<typeof EMBEDDED_CHART>;

/** Body of POST /api/v1/embed/charts/{chartId}/query: nothing yet (the token says it all). */
export const EMBEDDED_CHART_QUERY = z.strictObject({});
