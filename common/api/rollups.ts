import { z } from 'zod';
import { TIME_GRAINS } from '../analytics';

// Rollups of a dataset on the wire: a table in the tenant's warehouse that keeps the dataset
// grouped by some dimensions (and a time field at a grain) with measures that re-aggregate
// exactly, so that the queries it covers read it instead of every row.

/** What a rollup keeps of a field; avg is kept as its sum and count. */
const ROLLUP_AGGREGATIONS = ['sum', 'count', 'min', 'max', 'avg'] as const;

const ROLLUP_STATUSES = ['pending', 'building', 'ready', 'stale', 'failed'] as const;

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};
const fieldName = z.string(REQUIRED).min(1, 'is required').max(255);

const ROLLUP_MEASURE = z.strictObject({
  agg: z.enum(ROLLUP_AGGREGATIONS, {
    error: () => `must be one of ${ROLLUP_AGGREGATIONS.join(', ')}`,
  }),
  field: fieldName,
});
export type RollupMeasure = z.infer<typeof ROLLUP_MEASURE>;

/** The shape of a rollup: what it groups by and what it keeps. */
export const ROLLUP_SHAPE = z.strictObject({
  dimensions: z.array(fieldName).max(20).default([]),
  timeField: fieldName.nullable().default(null),
  grain: z
    .enum(TIME_GRAINS, { error: () => `must be one of ${TIME_GRAINS.join(', ')}` })
    .nullable()
    .default(null),
  measures: z.array(ROLLUP_MEASURE).max(50).default([]),
});
export type RollupShape = z.infer<typeof ROLLUP_SHAPE>;

/** Body of POST and PUT /api/v1/datasets/{id}/rollups. */
export const ROLLUP_INPUT = ROLLUP_SHAPE.extend({
  id: z.number().int().positive().optional(),
  name: z.string(REQUIRED).trim().min(1, 'is required').max(100),
  refreshMinutes: z.number().int().min(1).max(10_080).default(60),
  /** Past this age since its last refresh, the rollup is not used. */
  freshnessMinutes: z.number().int().min(1).max(43_200).default(1_440),
}).superRefine((value, context) => {
  if (Boolean(value.timeField) !== Boolean(value.grain)) {
    context.addIssue({
      code: 'custom',
      path: ['grain'],
      message: 'give a grain with the time field, and neither without it',
    });
  }
  if (value.freshnessMinutes < value.refreshMinutes) {
    context.addIssue({
      code: 'custom',
      path: ['freshnessMinutes'],
      message: 'must be at least the refresh interval',
    });
  }
});
export type RollupInput = z.infer<typeof ROLLUP_INPUT>;

export const ROLLUP_RECORD = z.object({
  id: z.number().int(),
  datasetId: z.number().int(),
  name: z.string(),
  dimensions: z.array(z.string()),
  timeField: z.string().nullable(),
  grain: z.enum(TIME_GRAINS).nullable(),
  measures: z.array(ROLLUP_MEASURE),
  refreshMinutes: z.number(),
  freshnessMinutes: z.number(),
  status: z.enum(ROLLUP_STATUSES),
  /** The table in the warehouse. */
  tableName: z.string(),
  rowCount: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  buildMs: z.number().nullable(),
  lastRefreshedAt: z.string().nullable(),
  /** Why the last build failed, in words fit for the tenant. */
  error: z.string().nullable(),
  /** Past its freshness limit (or its data changed): not used until it is refreshed. */
  stale: z.boolean(),
  /** Of this server's queries over the dataset since it started, how many this answered. */
  queriesAnswered: z.number(),
  datasetQueries: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RollupRecord = z.infer<typeof ROLLUP_RECORD>;

/** A rollup the product proposes from the charts over the dataset. */
export const ROLLUP_PROPOSAL = z.object({
  shape: ROLLUP_SHAPE,
  name: z.string(),
  /** The charts whose queries it would answer. */
  charts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Rows it would hold (counted in the warehouse). */
  estimatedRows: z.number().nullable(),
});
export type RollupProposal = z.infer<typeof ROLLUP_PROPOSAL>;
