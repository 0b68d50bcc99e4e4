import { z } from 'zod';
import { AGGREGATIONS, FILTER_OPS, GOOD_DIRECTIONS, TIME_GRAINS } from '../analytics';
import { FIELD_VALUES_SEARCH_MAX } from '../fieldValues';

// What POST /query, /query/values and /sql take and answer. Strict objects: an unknown field
// is a 400. The shapes are checked here; field names and value types against the dataset are
// checked by the server's query compiler.

const name = z.string().min(1).max(255);
const scalar = z.union([z.string().max(10_000), z.number().finite(), z.boolean()]);

/** `relative` filters: a period ending now (`last` N units) or the current calendar unit. */
const RELATIVE_DATE = z.strictObject({
  kind: z.enum(['last', 'this', 'previous']),
  count: z.number().int().min(1).max(100_000).optional(),
  unit: z.enum(['day', 'week', 'month', 'quarter', 'year']),
});
export type RelativeDate = z.infer<typeof RELATIVE_DATE>;

const FILTER_VALUE = z.union([
  scalar,
  z.null(),
  z.array(z.union([z.string().max(10_000), z.number().finite()])).max(1000),
  RELATIVE_DATE,
]);
export type FilterValue = z.infer<typeof FILTER_VALUE>;

const QUERY_DIMENSION = z.strictObject({
  field: name,
  grain: z.enum(TIME_GRAINS).optional(),
  bin: z
    .number()
    .finite()
    .positive()
    .optional()
    .describe('numeric bin width: values become floor(value / bin) * bin'),
});
export type QueryDimension = z.infer<typeof QUERY_DIMENSION>;

const QUERY_MEASURE = z.strictObject({
  // No field: a count of rows (`*`); other aggregations are refused by the compiler.
  field: z
    .string()
    .max(255)
    .default('*')
    .describe('`*`, empty or omitted with agg `count` counts rows'),
  agg: z.enum(AGGREGATIONS),
});
export type QueryMeasure = z.infer<typeof QUERY_MEASURE>;

const QUERY_FILTER = z.strictObject({
  field: name,
  op: z.enum(FILTER_OPS),
  value: FILTER_VALUE.optional(),
});
export type QueryFilter = z.infer<typeof QUERY_FILTER>;

const QUERY_SORT = z.strictObject({
  key: name.describe('a dimension field name or a measure key `<agg>_<field>` (`count` for rows)'),
  dir: z.enum(['asc', 'desc']),
});
export type QuerySort = z.infer<typeof QUERY_SORT>;

/**
 * Dimensions group the rows: with no measure the answer is each distinct combination once,
 * the most frequent first unless `sort` says otherwise.
 */
export const SEMANTIC_QUERY = z.strictObject({
  datasetId: z.number().int().positive(),
  dimensions: z.array(QUERY_DIMENSION).max(10).default([]),
  measures: z.array(QUERY_MEASURE).max(20).default([]),
  filters: z.array(QUERY_FILTER).max(50).default([]),
  sort: z.array(QUERY_SORT).max(10).default([]),
  limit: z.number().int().positive().optional(),
});
export type SemanticQuery = z.infer<typeof SEMANTIC_QUERY>;

/** Body of POST /api/v1/query. */
export const QUERY_REQUEST = z.strictObject({ query: SEMANTIC_QUERY });

/** Body of POST /api/v1/sql (explorer SQL). */
export const SQL_REQUEST = z.strictObject({
  sourceId: z.number().int().positive(),
  sql: z.string().trim().min(1, 'Write a SQL query to run.').max(100_000),
  limit: z.number().int().positive().optional(),
});
export type SqlRequest = z.infer<typeof SQL_REQUEST>;

export const QUERY_COLUMN = z.object({
  name: z.string(),
  type: z.string(),
  goodDirection: z
    .enum(GOOD_DIRECTIONS)
    .optional()
    .describe("A measure's good direction, from its dataset field"),
});
export type QueryColumn = z.infer<typeof QUERY_COLUMN>;

/** Rows as arrays in column order. */
export const QUERY_RESULT = z.object({
  columns: z.array(QUERY_COLUMN),
  rows: z.array(z.array(z.unknown())),
  rowCount: z.number(),
  truncated: z.boolean(),
  cached: z.boolean(),
  durationMs: z.number(),
  sql: z.string().optional(),
});
export type QueryResult = z.infer<typeof QUERY_RESULT>;

/** Body of POST /api/v1/query/values (the values a dashboard values filter offers). */
export const FIELD_VALUES_REQUEST = z.strictObject({
  datasetId: z.number().int().positive(),
  field: name,
  search: z
    .string()
    .max(FIELD_VALUES_SEARCH_MAX)
    .optional()
    .describe('keeps the values that contain it, ignoring case; empty keeps all'),
});
export type FieldValuesRequest = z.infer<typeof FIELD_VALUES_REQUEST>;

/** The answer of both values endpoints. */
export const FIELD_VALUES_ANSWER = z.object({ values: z.array(z.string()) });
export type FieldValuesAnswer = z.infer<typeof FIELD_VALUES_ANSWER>;
