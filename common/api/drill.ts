import { z } from 'zod';
import { FIELD_ROLES, FIELD_TYPES, TIME_GRAINS } from '../analytics';
import { QUERY_COLUMN, QUERY_DIMENSION, QUERY_FILTER, QUERY_MEASURE, QUERY_SORT } from './query';

// Going deeper on the wire: the steps that took a chart from its saved query to what is shown
// (sent by share links and embeds, which replay them on the server), "View these rows", and
// a pivot's cells with their totals.

const name = z.string().min(1).max(255);

/** The most steps a drill takes (a date goes year -> quarter -> month -> day). */
const MAX_DRILL_STEPS = 8;

/** One step down: the value clicked (a bucket of `grain` for dates) and the level shown next. */
const DRILL_STEP = z.strictObject({
  field: name,
  value: z.union([z.string().max(10_000), z.number().finite(), z.boolean(), z.null()]),
  grain: z.enum(TIME_GRAINS).optional(),
  to: QUERY_DIMENSION,
});
export type DrillStep = z.infer<typeof DRILL_STEP>;

export const DRILL_PATH = z.array(DRILL_STEP).max(MAX_DRILL_STEPS);

/** What drilling needs to know of one dataset (common/drill.ts DrillContext). */
export const DRILL_CONTEXT = z.object({
  datasetId: z.number(),
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.enum(FIELD_TYPES),
      role: z.enum(FIELD_ROLES),
    }),
  ),
  paths: z.array(z.array(z.string())),
});
export type DrillContextAnswer = z.infer<typeof DRILL_CONTEXT>;

/** Most fields in one declared drill path (country -> state -> city …). */
export const MAX_DRILL_PATH_FIELDS = 8;

/** A dataset's declared drill paths: each an ordered chain of its field names. */
export const DATASET_DRILL_PATHS = z
  .array(z.array(name).min(2, 'needs two fields at least').max(MAX_DRILL_PATH_FIELDS))
  .max(20);

/** Most rows one CSV export of "View these rows" takes. */
export const ROWS_EXPORT_MAX = 10_000;

/** Body of POST /api/v1/query/rows: the dataset's rows under filters, a page at a time. */
export const ROWS_REQUEST = z.strictObject({
  datasetId: z.number().int().positive(),
  filters: z.array(QUERY_FILTER).max(60).default([]),
  sort: z.array(QUERY_SORT).max(5).default([]).describe('keys are field names'),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(ROWS_EXPORT_MAX).default(50),
});
export type RowsRequest = z.input<typeof ROWS_REQUEST>;

export const ROWS_ANSWER = z.object({
  columns: z.array(QUERY_COLUMN),
  rows: z.array(z.array(z.unknown())),
  offset: z.number(),
  /** More rows follow this page. */
  hasMore: z.boolean(),
  durationMs: z.number(),
});
export type RowsAnswer = z.infer<typeof ROWS_ANSWER>;

/** Body of POST /api/v1/query/pivot: a pivot's cells with subtotals and totals. */
export const PIVOT_REQUEST = z.strictObject({
  datasetId: z.number().int().positive(),
  rows: z.array(QUERY_DIMENSION).max(5).default([]),
  columns: z.array(QUERY_DIMENSION).max(5).default([]),
  measures: z.array(QUERY_MEASURE).min(1).max(10),
  filters: z.array(QUERY_FILTER).max(60).default([]),
});
