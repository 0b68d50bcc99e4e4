import { z } from 'zod';
import { DRILL_CONTEXT, DRILL_PATH } from './drill';
import { FIELD_VALUES_SEARCH_MAX } from '../fieldValues';
import { savedChartSchema } from './charts';
import {
  dashboardFilterSchema,
  dashboardFilterValueSchema,
  dashboardTabSchema,
  dashboardTileSchema,
  filterValueItems,
  itemId,
} from './dashboards';
import { QUERY_RESULT } from './query';
import { TRANSLATIONS_ANSWER } from '../contentTranslations';
import { USER_ATTRIBUTES } from './rowPolicies';

// Share links on the wire: what an editor sends to make one and the link answered, and the
// bodies of the public share API a link opens. Strict objects: an unknown field is a 400.

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

/** Body of POST /api/v1/dashboards/{id}/shareLinks. */
export const shareLinkSchema = z.strictObject({
  label: z.string(REQUIRED).trim().min(1, 'is required').max(200),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time' })
    .nullable()
    .optional(),
  frozenFilters: z.array(dashboardFilterValueSchema).max(30).default([]),
  attributes: USER_ATTRIBUTES.optional().describe(
    "the attributes the link's viewers have, fixed now: the datasets' row policies hold for them",
  ),
});

export type ShareLinkInput = z.infer<typeof shareLinkSchema>;

/** A share link as the API answers it. */
export const shareLinkRecordSchema = z.object({
  id: z.number(),
  dashboardId: z.number(),
  label: z.string(),
  frozenFilters: z
    .array(dashboardFilterValueSchema)
    .describe('frozen filter values: the viewer of the link cannot change these'),
  attributes: USER_ATTRIBUTES.describe("the attributes the link's viewers have"),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The answer to a create: the link with its token, shown once. */
export const createdShareLinkSchema = shareLinkRecordSchema.extend({
  token: z.string().describe('the token, shown once (only its sha256 is stored)'),
  url: z.string().describe('/share/dashboards/{dashboardId}/{token}'),
});

export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;
/** A link as listed; `token` and `url` only in the answer to create. */
export type ShareLink = z.infer<typeof shareLinkRecordSchema> &
  Partial<Pick<CreatedShareLink, 'token' | 'url'>>;
/** What the web app sends to make a link (before defaults). */
export type ShareLinkRequest = z.input<typeof shareLinkSchema>;

/** Body of the public POST /share/dashboards/{id}/query. */
export const shareQuerySchema = z.strictObject({
  chartId: z.number(REQUIRED).int().positive(),
  filters: z.array(dashboardFilterValueSchema).max(30).default([]),
  drill: DRILL_PATH.optional().describe(
    'the steps down the hierarchies of the dataset the viewer clicked through',
  ),
});

/** A saved chart as a link or an embed token shows it: without its stamps. */
export const sharedChartSchema = savedChartSchema.omit({ createdAt: true, updatedAt: true });

/** A filter as a link shows it: a frozen one carries the value the link fixed. */
const sharedFilterSchema = dashboardFilterSchema.extend({
  frozen: z.boolean(),
  value: filterValueItems.optional(),
});

/** The answer of GET /api/v1/share/dashboards/{id}. */
export const sharedDashboardSchema = z.object({
  dashboard: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().optional(),
    tiles: z.array(dashboardTileSchema),
    tabs: z.array(dashboardTabSchema).default([]),
    refreshSeconds: z.number(),
    filters: z.array(sharedFilterSchema),
    translations: TRANSLATIONS_ANSWER.optional(),
  }),
  charts: z.array(sharedChartSchema),
  frozenFilters: z.array(dashboardFilterValueSchema),
  drill: z
    .array(DRILL_CONTEXT)
    .default([])
    .describe("what drilling needs of each chart's dataset: the fields shown and its paths"),
});

export type SharedDashboardAnswer = z.output<typeof sharedDashboardSchema>;

/** A chart's rows as a link sees them: the query answer without the SQL. */
export const sharedQueryResultSchema = QUERY_RESULT.omit({ sql: true });

/** What a viewer typed in a values filter. */
const valuesSearch = z
  .string()
  .max(FIELD_VALUES_SEARCH_MAX, `is longer than ${FIELD_VALUES_SEARCH_MAX} characters`)
  .optional();

/** Body of the public POST /share/dashboards/{id}/filterValues. */
export const shareFilterValuesSchema = z.strictObject({ filterId: itemId, search: valuesSearch });

/** Why a link does not open; the web app shows /messages/share/<reason>. */
export type InvalidLinkReason = 'revoked' | 'expired' | 'invalid';
