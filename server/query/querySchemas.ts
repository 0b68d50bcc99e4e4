import { z } from 'zod';
import {
  AGGREGATIONS,
  FILTER_OPS,
  TIME_GRAINS,
  type SemanticQuery,
} from '../../src/model/analytics';
import { FIELD_VALUES_SEARCH_MAX, type FieldValuesRequest } from '../../src/model/fieldValues';

// Request payloads of POST /query and POST /sql. Strict objects: an unknown field is a 400.
// The shapes are checked here; field names and value types against the dataset are checked by
// the compiler.

const name = z.string().min(1).max(255);
const scalar = z.union([z.string().max(10_000), z.number().finite(), z.boolean()]);

const relativeDate = z.strictObject({
  kind: z.enum(['last', 'this', 'previous']),
  count: z.number().int().min(1).max(100_000).optional(),
  unit: z.enum(['day', 'week', 'month', 'quarter', 'year']),
});

const filterValue = z.union([
  scalar,
  z.null(),
  z.array(z.union([z.string().max(10_000), z.number().finite()])).max(1000),
  relativeDate,
]);

export const semanticQuerySchema = z.strictObject({
  datasetId: z.number().int().positive(),
  dimensions: z
    .array(
      z.strictObject({
        field: name,
        grain: z.enum(TIME_GRAINS).optional(),
        bin: z.number().finite().positive().optional(),
      }),
    )
    .max(10)
    .default([]),
  measures: z
    // No field: a count of rows (`*`); other aggregations are refused by the compiler.
    .array(z.strictObject({ field: z.string().max(255).default('*'), agg: z.enum(AGGREGATIONS) }))
    .max(20)
    .default([]),
  filters: z
    .array(z.strictObject({ field: name, op: z.enum(FILTER_OPS), value: filterValue.optional() }))
    .max(50)
    .default([]),
  sort: z
    .array(z.strictObject({ key: name, dir: z.enum(['asc', 'desc']) }))
    .max(10)
    .default([]),
  limit: z.number().int().positive().optional(),
}) satisfies z.ZodType<SemanticQuery, unknown>;

/** Body of POST /api/v1/query/values (the values a dashboard values filter offers). */
export const fieldValuesRequestSchema = z.strictObject({
  datasetId: z.number().int().positive(),
  field: name,
  search: z.string().max(FIELD_VALUES_SEARCH_MAX).optional(),
}) satisfies z.ZodType<FieldValuesRequest, unknown>;

export const queryRequestSchema = z.strictObject({ query: semanticQuerySchema });

export const sqlRequestSchema = z.strictObject({
  sourceId: z.number().int().positive(),
  sql: z.string().trim().min(1, 'Write a SQL query to run.').max(100_000),
  limit: z.number().int().positive().optional(),
});
