import type { Dataset, Dialect, QueryFilter, QuerySort } from '../../../common/analytics';
import { badRequest } from '../../errors';
import { BoundValues } from './boundValues';
import type { CompiledColumn, CompiledQuery } from './compileSemanticQuery';
import { fieldNamed, fromClause } from './compileSemanticQuery';
import { sqlDialectOf } from '../../engines';
import { compileFilter } from './filters';
import { compilePolicyConditions, type PolicyCondition } from './rowPolicies';

// "View these rows": a dataset's own rows (every field, unaggregated) under the filters that
// made a chart's number and the viewer's row policies, one page at a time. Pages are stable:
// after the sorts asked for, the first fields order the rest.

export interface RowsQuery {
  filters: QueryFilter[];
  /** keys are field names */
  sort: QuerySort[];
  offset: number;
  limit: number;
}

interface RowsCompileOptions {
  now?: Date;
  policies?: PolicyCondition[];
}

/** Fields that break ties between equal sort keys, so a page boundary never moves. */
const TIE_BREAKING_FIELDS = 8;

/** ClickHouse 18.16 knows `LIMIT offset, n` only; the others take the standard form. */
function limitClause(dialect: Dialect, rows: number, offset: number): string {
  if (!offset) return `\nLIMIT ${rows}`;
  return dialect === 'clickhouse'
    ? `\nLIMIT ${offset}, ${rows}`
    : `\nLIMIT ${rows} OFFSET ${offset}`;
}

export function compileRowsQuery(
  request: RowsQuery,
  dataset: Dataset,
  dialectName: Dialect,
  options: RowsCompileOptions = {},
): CompiledQuery {
  const dialect = sqlDialectOf(dialectName);
  const bound = new BoundValues(dialect);
  const context = { dialect, bound, now: options.now ?? new Date() };
  const conditions = request.filters.map((filter, index) => {
    const where = `filters.${index}`;
    const field = fieldNamed(dataset, filter.field, `${where}.field`);
    return compileFilter(filter, field, dialect.quote(field.name), context, where);
  });
  conditions.push(...compilePolicyConditions(options.policies ?? [], dataset.fields, context));
  if (!Number.isInteger(request.offset) || request.offset < 0) {
    throw badRequest('offset: a whole number from 0.', 'offset');
  }
  const sorted = request.sort.map((sort, index) => {
    const field = fieldNamed(dataset, sort.key, `sort.${index}.key`);
    return { name: field.name, dir: sort.dir };
  });
  const tieBreakers = dataset.fields
    .slice(0, TIE_BREAKING_FIELDS)
    .filter((field) => !sorted.some((sort) => sort.name === field.name))
    .map((field) => ({ name: field.name, dir: 'asc' as const }));
  const order = [...sorted, ...tieBreakers].map((sort) => {
    const column = dialect.quote(sort.name);
    return dialect.orderItem(column, column, sort.dir);
  });
  const columns: CompiledColumn[] = dataset.fields.map((field) => ({
    name: field.name,
    role: 'dimension',
    type: field.type,
  }));
  const where = conditions.length
    ? `\nWHERE ${conditions.map((condition) => `(${condition})`).join(' AND ')}`
    : '';
  const sql =
    `SELECT ${columns.map((column) => dialect.quote(column.name)).join(', ')}` +
    `\nFROM ${fromClause(dataset, dialect)}` +
    where +
    (order.length ? `\nORDER BY ${order.join(', ')}` : '') +
    limitClause(dialectName, request.limit + 1, request.offset);
  return { sql, params: bound.values, columns, limit: request.limit };
}
