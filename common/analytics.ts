// The analytics model of docs/architecture.md §6, shared by the web app and the server. Wire types are
// declared as zod schemas in ./api (sources, datasets, query) and re-exported here as types.

import type { QueryMeasure } from './api/query';
import type { SourceType } from './sourceTypes';

export type { DataSource } from './api/sources';
export type { Dataset, DatasetField } from './api/datasets';
export type {
  FilterValue,
  QueryColumn,
  QueryDimension,
  QueryFilter,
  QueryMeasure,
  QueryResult,
  QuerySort,
  RelativeDate,
  SemanticQuery,
} from './api/query';

// The source types and what the web app knows of each: ./sourceTypes.ts.
export { SOURCE_TYPES, type SourceType } from './sourceTypes';
export type Dialect = SourceType;

/** Typed connection fields; never a raw connection string. `password` is write-only. */
export interface DataSourceConfig {
  host?: string;
  port?: number;
  database?: string;
  user?: string;
  password?: string;
  ssl?: boolean;
  /** sqlite: a file name relative to the tenant's folder under DATA_DIR */
  file?: string;
}

export const FIELD_TYPES = ['string', 'number', 'date', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_ROLES = ['dimension', 'measure', 'time'] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

/** Which way of a measure's change is good news: up for sales, down for delays. */
export const GOOD_DIRECTIONS = ['up', 'down'] as const;
export type GoodDirection = (typeof GOOD_DIRECTIONS)[number];

export const TIME_GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

export const AGGREGATIONS = [
  'count',
  'count_distinct',
  'sum',
  'avg',
  'min',
  'max',
  'median',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export const FILTER_OPS = [
  '=',
  '!=',
  'in',
  'not in',
  '<',
  '<=',
  '>',
  '>=',
  'between',
  'contains',
  'starts with',
  'is null',
  'is not null',
  'relative',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** True for a measure without a field: a count of rows (any other aggregation needs a field). */
export function countsRows(measure: Pick<QueryMeasure, 'field'>): boolean {
  return measure.field === '*' || measure.field === '' || measure.field === undefined;
}

/** The output column name of a measure: `count` for a row count, else `<agg>_<field>`. */
export function measureKey(measure: QueryMeasure): string {
  if (measure.agg === 'count' && countsRows(measure)) return 'count';
  return `${measure.agg}_${measure.field}`;
}
