// The analytics model of DESIGN §6, shared by the web app and the server.

export const SOURCE_TYPES = ['duckdb', 'postgres', 'mysql', 'sqlite'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
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

export interface DataSource {
  id: number;
  name: string;
  type: SourceType;
  config: Omit<DataSourceConfig, 'password'> & { hasPassword?: boolean };
}

export const FIELD_TYPES = ['string', 'number', 'date', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_ROLES = ['dimension', 'measure', 'time'] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

/** Which way of a measure's change is good news: up for sales, down for delays. */
export const GOOD_DIRECTIONS = ['up', 'down'] as const;
export type GoodDirection = (typeof GOOD_DIRECTIONS)[number];

export interface DatasetField {
  name: string;
  label: string;
  type: FieldType;
  role: FieldRole;
  synonyms: string[];
  format?: string;
  /** For a measure: which way of its change is good (KPI colours); up when not said. */
  goodDirection?: GoodDirection;
}

export interface Dataset {
  id: number;
  sourceId: number;
  name: string;
  description?: string;
  table?: string;
  sql?: string;
  fields: DatasetField[];
  rowCount?: number;
}

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

/** `relative` filters: a period ending now (`last` N units) or the current calendar unit. */
export interface RelativeDate {
  kind: 'last' | 'this' | 'previous';
  count?: number;
  unit: 'day' | 'week' | 'month' | 'quarter' | 'year';
}

export type FilterValue = string | number | boolean | null | Array<string | number> | RelativeDate;

export interface QueryDimension {
  field: string;
  grain?: TimeGrain;
  /** numeric bin width: values become floor(value / bin) * bin */
  bin?: number;
}

export interface QueryMeasure {
  /** `*`, empty or omitted with agg `count` counts rows (the API fills in `*`) */
  field: string;
  agg: Aggregation;
}

export interface QueryFilter {
  field: string;
  op: FilterOp;
  value?: FilterValue;
}

export interface QuerySort {
  /** a dimension field name or a measure key `<agg>_<field>` (`count` for count of rows) */
  key: string;
  dir: 'asc' | 'desc';
}

/**
 * Dimensions group the rows: with no measure the answer is each distinct combination once,
 * the most frequent first unless `sort` says otherwise.
 */
export interface SemanticQuery {
  datasetId: number;
  dimensions: QueryDimension[];
  measures: QueryMeasure[];
  filters: QueryFilter[];
  sort: QuerySort[];
  limit?: number;
}

export interface QueryColumn {
  name: string;
  type: string;
  /** A measure's good direction, from its dataset field (sum, avg, median, min, max of it). */
  goodDirection?: GoodDirection;
}

export interface QueryResult {
  columns: QueryColumn[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
  cached: boolean;
  durationMs: number;
  sql?: string;
}

/** True for a measure without a field: a count of rows (any other aggregation needs a field). */
export function countsRows(measure: Pick<QueryMeasure, 'field'>): boolean {
  return measure.field === '*' || measure.field === '' || measure.field === undefined;
}

/** The output column name of a measure: `count` for a row count, else `<agg>_<field>`. */
export function measureKey(measure: QueryMeasure): string {
  if (measure.agg === 'count' && countsRows(measure)) return 'count';
  return `${measure.agg}_${measure.field}`;
}
