import {
  countsRows,
  measureKey,
  type Dataset,
  type DatasetField,
  type Dialect,
  type FieldType,
  type GoodDirection,
  type QueryDimension,
  type QueryMeasure,
  type SemanticQuery,
  type TimeGrain,
} from '../../../common/analytics';
import { badRequest } from '../../errors';
import { BoundValues } from './boundValues';
import { sqlDialectOf } from '../../engines';
import type { SqlDialect } from '../../engines/sqlDialect';
import { compileFilter } from './filters';
import { compilePolicyConditions, type PolicyCondition } from './rowPolicies';
import { flatStatement, nestedStatement, type StatementParts } from './selectStatement';

// SemanticQuery -> one SQL statement in the source's dialect (docs/architecture.md §6). Field names are
// checked against the dataset and quoted; user values are bound; only finite numbers that the
// compiler checked (bin widths, the limit) are written into the text.

export const DEFAULT_QUERY_LIMIT = 10_000;
const MAX_QUERY_LIMIT = 100_000;

interface CompileOptions {
  /** The instant relative date filters are computed from. */
  now?: Date;
  defaultLimit?: number;
  maxLimit?: number;
  /** The dataset's row policies made concrete for the viewer: they hold whatever the query. */
  policies?: PolicyCondition[];
  /**
   * Read this rollup of the dataset instead (query/rollups/matchRollup.ts, which checked that
   * it answers exactly): its table, and each measure re-aggregated from it.
   */
  rollup?: { tableName: string; measures: string[] };
}

export interface CompiledColumn {
  name: string;
  role: 'dimension' | 'measure';
  /** The type of the output values, from the dataset's fields (not the driver's). */
  type: FieldType;
  /** Dates truncated to this grain (their values are days, 'YYYY-MM-DD'). */
  grain?: TimeGrain;
  /** A measure's good direction, kept from its field where the aggregation keeps its sense. */
  goodDirection?: GoodDirection;
}

export interface CompiledQuery {
  sql: string;
  params: unknown[];
  columns: CompiledColumn[];
  /** Rows the answer may hold; the statement asks for one more to tell truncation. */
  limit: number;
}

interface SelectItem {
  expression: string;
  column: CompiledColumn;
}

const NUMERIC_AGGREGATIONS = new Set(['sum', 'avg', 'median']);

function fieldNamed(dataset: Dataset, name: string, where: string): DatasetField {
  const field = dataset.fields.find((candidate) => candidate.name === name);
  if (!field) {
    throw badRequest(`${where}: unknown field "${name}" in dataset "${dataset.name}".`, where);
  }
  return field;
}

/** `schema.table` quoted part by part. */
function quotedTable(table: string, dialect: SqlDialect): string {
  return table
    .split('.')
    .map((part) => dialect.quote(part))
    .join('.');
}

export function fromClause(dataset: Dataset, dialect: SqlDialect): string {
  if (dataset.table) return quotedTable(dataset.table, dialect);
  const sql = (dataset.sql ?? '').trim().replace(/;+\s*$/, '');
  if (!sql) throw badRequest(`Dataset "${dataset.name}" has neither a table nor a SQL query.`);
  // Newlines keep a trailing line comment of the dataset's SQL from hiding the closing paren.
  return `(\n${sql}\n) AS src`;
}

/** A time field of whole years (2019, 2020…): its values are already its year grain. */
function isWholeYearField(field: DatasetField): boolean {
  return field.role === 'time' && field.type === 'number';
}

function dimensionItem(
  dimension: QueryDimension,
  dataset: Dataset,
  dialect: SqlDialect,
  where: string,
): SelectItem {
  const field = fieldNamed(dataset, dimension.field, `${where}.field`);
  const column = dialect.quote(field.name);
  if (dimension.grain && dimension.bin !== undefined) {
    throw badRequest(`${where}: a dimension has a grain or a bin, not both.`, where);
  }
  if (dimension.grain && isWholeYearField(field)) {
    if (dimension.grain !== 'year') {
      throw badRequest(
        `${where}.grain: ${field.name} holds years; group it by year.`,
        `${where}.grain`,
      );
    }
    return { expression: column, column: { name: field.name, role: 'dimension', type: 'number' } };
  }
  if (dimension.grain) {
    if (field.type !== 'date') {
      throw badRequest(`${where}.grain: ${field.name} is not a date field.`, `${where}.grain`);
    }
    return {
      expression: dialect.timeGrain(column, dimension.grain),
      column: { name: field.name, role: 'dimension', type: 'date', grain: dimension.grain },
    };
  }
  if (dimension.bin !== undefined) {
    if (field.type !== 'number') {
      throw badRequest(`${where}.bin: ${field.name} is not a number field.`, `${where}.bin`);
    }
    if (!(
      typeof dimension.bin === 'number' &&
      dimension.bin > 0 &&
      Number.isFinite(dimension.bin)
    )) {
      throw badRequest(`${where}.bin: the bin width must be a number above 0.`, `${where}.bin`);
    }
    return {
      expression: dialect.bin(column, dimension.bin),
      column: { name: field.name, role: 'dimension', type: 'number' },
    };
  }
  return { expression: column, column: { name: field.name, role: 'dimension', type: field.type } };
}

function measureItem(
  measure: QueryMeasure,
  dataset: Dataset,
  dialect: SqlDialect,
  where: string,
): SelectItem {
  const key = measureKey(measure);
  if (countsRows(measure)) {
    if (measure.agg !== 'count') {
      throw badRequest(`${where}.field: ${measure.agg} needs a field.`, `${where}.field`);
    }
    return { expression: 'COUNT(*)', column: { name: key, role: 'measure', type: 'number' } };
  }
  const field = fieldNamed(dataset, measure.field, `${where}.field`);
  const column = dialect.quote(field.name);
  if (NUMERIC_AGGREGATIONS.has(measure.agg) && field.type !== 'number') {
    throw badRequest(
      `${where}.agg: ${measure.agg} needs a number field; ${field.name} is ${field.type}.`,
      `${where}.agg`,
    );
  }
  // A count of rows or values has no good direction; a sum, average or extreme keeps the field's.
  const direction = (keeps: boolean) =>
    keeps && field.goodDirection ? { goodDirection: field.goodDirection } : {};
  const numeric = (expression: string, keepsDirection = true): SelectItem => ({
    expression,
    column: { name: key, role: 'measure', type: 'number', ...direction(keepsDirection) },
  });
  switch (measure.agg) {
    case 'count':
      return numeric(`COUNT(${column})`, false);
    case 'count_distinct':
      return numeric(dialect.countDistinct(column), false);
    case 'sum':
      return numeric(`SUM(${column})`);
    case 'avg':
      return numeric(`AVG(${column})`);
    case 'median':
      return numeric(dialect.median(column));
    case 'min':
    case 'max':
      return {
        expression: `${measure.agg.toUpperCase()}(${column})`,
        column: { name: key, role: 'measure', type: field.type, ...direction(true) },
      };
    default:
      throw badRequest(`${where}.agg: unknown aggregation "${String(measure.agg)}".`);
  }
}

function selectItems(
  query: SemanticQuery,
  dataset: Dataset,
  dialect: SqlDialect,
  rollupMeasures?: string[],
): SelectItem[] {
  const items = [
    ...query.dimensions.map((dimension, index) =>
      dimensionItem(dimension, dataset, dialect, `dimensions.${index}`),
    ),
    ...query.measures.map((measure, index) => {
      const item = measureItem(measure, dataset, dialect, `measures.${index}`);
      return rollupMeasures ? { ...item, expression: rollupMeasures[index] } : item;
    }),
  ];
  if (items.length === 0) throw badRequest('Choose at least one dimension or measure.');
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.column.name)) {
      throw badRequest(`"${item.column.name}" appears twice in the query; keep one.`);
    }
    seen.add(item.column.name);
  }
  return items;
}

/** Distinct values (no measure) listed without a sort: the most frequent first. */
function byFrequency(query: SemanticQuery): boolean {
  return query.measures.length === 0 && query.sort.length === 0;
}

/** The ORDER BY items of the sorts asked for, else of the dimensions in their order. */
function orderItems(query: SemanticQuery, items: SelectItem[], dialect: SqlDialect): string[] {
  const sorts = query.sort.length
    ? query.sort
    : items
        .filter((item) => item.column.role === 'dimension')
        .map((item) => ({ key: item.column.name, dir: 'asc' as const }));
  return sorts.map((sort, index) => {
    const item = items.find((candidate) => candidate.column.name === sort.key);
    if (!item) {
      throw badRequest(
        `sort.${index}.key: "${sort.key}" is neither a dimension nor a measure of the query.`,
        `sort.${index}.key`,
      );
    }
    const dir = sort.dir === 'desc' ? 'desc' : 'asc';
    return dialect.orderItem(dialect.quote(item.column.name), item.expression, dir);
  });
}

function resolveLimit(limit: number | undefined, options: CompileOptions): number {
  const max = options.maxLimit ?? MAX_QUERY_LIMIT;
  if (limit === undefined) return Math.min(options.defaultLimit ?? DEFAULT_QUERY_LIMIT, max);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw badRequest(`limit: a whole number from 1 to ${max}.`, 'limit');
  }
  return limit;
}

export function compileSemanticQuery(
  query: SemanticQuery,
  dataset: Dataset,
  dialectName: Dialect,
  options: CompileOptions = {},
): CompiledQuery {
  const dialect = sqlDialectOf(dialectName);
  const bound = new BoundValues(dialect);
  const items = selectItems(query, dataset, dialect, options.rollup?.measures);
  const context = { dialect, bound, now: options.now ?? new Date() };
  const conditions = query.filters.map((filter, index) => {
    const where = `filters.${index}`;
    const field = fieldNamed(dataset, filter.field, `${where}.field`);
    return compileFilter(filter, field, dialect.quote(field.name), context, where);
  });
  // Bound after the filters: positional placeholders follow the order of the text.
  conditions.push(...compilePolicyConditions(options.policies ?? [], dataset.fields, context));
  const limit = resolveLimit(query.limit, options);
  const parts: StatementParts = {
    select: items.map((item) => ({
      expression: item.expression,
      alias: dialect.quote(item.column.name),
    })),
    from: options.rollup
      ? quotedTable(options.rollup.tableName, dialect)
      : fromClause(dataset, dialect),
    conditions,
    // Dimensions group whether or not there are measures: without any, the answer is the
    // distinct values (what a values filter lists), not the raw rows.
    groupCount: query.dimensions.length,
    order: orderItems(query, items, dialect),
    byFrequency: byFrequency(query),
    rows: limit + 1,
  };
  const sql = dialect.aliasesShadowColumns ? nestedStatement(parts, dialect) : flatStatement(parts);
  return { sql, params: bound.values, columns: items.map((item) => item.column), limit };
}
