import type {
  Dataset,
  Dialect,
  QueryDimension,
  QueryFilter,
  QueryMeasure,
} from '../../../common/analytics';
import { badRequest } from '../../errors';
import { BoundValues } from './boundValues';
import {
  dimensionItem,
  fieldNamed,
  fromClause,
  measureItem,
  type CompiledColumn,
  type CompiledQuery,
  type SelectItem,
} from './compileSemanticQuery';
import { sqlDialectOf } from '../../engines';
import type { SqlDialect } from '../../engines/sqlDialect';
import { compileFilter } from './filters';
import { compilePolicyConditions, type PolicyCondition } from './rowPolicies';

// A pivot table's cells, subtotals and totals in one statement: each combination of a
// leading part of the row dimensions with a leading part of the column dimensions is a
// grouping set. DuckDB, PostgreSQL and ClickHouse (22.9 and later) group them with GROUPING
// SETS; MySQL/MariaDB (whose WITH ROLLUP makes only the prefixes of one list) and SQLite get a
// UNION ALL of one GROUP BY per set. Every answer row carries `__grouping`, a bit mask of the
// dimensions it totals over (the first dimension the highest bit), as GROUPING() numbers them.

export interface PivotQuery {
  rows: QueryDimension[];
  columns: QueryDimension[];
  measures: QueryMeasure[];
  filters: QueryFilter[];
}

interface PivotOptions {
  now?: Date;
  policies?: PolicyCondition[];
  /** most answer rows (cells and totals together) */
  limit: number;
}

/** The name of the answer column telling which dimensions a row totals over. */
export const GROUPING_COLUMN = '__grouping';

/** The dimensions each grouping set keeps, by index: rows' prefixes times columns' prefixes. */
export function pivotGroupingSets(rowCount: number, columnCount: number): number[][] {
  const sets: number[][] = [];
  for (let rows = rowCount; rows >= 0; rows--) {
    for (let columns = columnCount; columns >= 0; columns--) {
      const kept = [
        ...Array.from({ length: rows }, (_, index) => index),
        ...Array.from({ length: columns }, (_, index) => rowCount + index),
      ];
      sets.push(kept);
    }
  }
  return sets;
}

/** GROUPING()'s bit mask of a set: a 1 for each dimension it leaves out. */
function groupingMask(kept: number[], dimensionCount: number): number {
  let mask = 0;
  for (let index = 0; index < dimensionCount; index++) {
    mask = mask * 2 + (kept.includes(index) ? 0 : 1);
  }
  return mask;
}

function pivotItems(query: PivotQuery, dataset: Dataset, dialect: SqlDialect) {
  const dimensions = [...query.rows, ...query.columns].map((dimension, index) =>
    dimensionItem(
      dimension,
      dataset,
      dialect,
      index < query.rows.length ? `rows.${index}` : `columns.${index - query.rows.length}`,
    ),
  );
  const measures = query.measures.map((measure, index) =>
    measureItem(measure, dataset, dialect, `measures.${index}`),
  );
  if (dimensions.length === 0) throw badRequest('rows: a pivot needs a row or a column.', 'rows');
  if (measures.length === 0) throw badRequest('measures: a pivot needs a measure.', 'measures');
  const names = new Set<string>();
  for (const item of [...dimensions, ...measures]) {
    if (names.has(item.column.name)) {
      throw badRequest(`"${item.column.name}" appears twice in the pivot; keep one.`);
    }
    names.add(item.column.name);
  }
  return { dimensions, measures };
}

function whereOf(conditions: string[]): string {
  return conditions.length ? `\nWHERE ${conditions.map((c) => `(${c})`).join(' AND ')}` : '';
}

/** GROUP BY GROUPING SETS over the dimension expressions (or aliases where those shadow). */
function groupingSetsStatement(
  dimensions: SelectItem[],
  measures: SelectItem[],
  from: string,
  where: string,
  sets: number[][],
  dialect: SqlDialect,
  rows: number,
): string {
  const nested = dialect.aliasesShadowColumns === true;
  const inner = dimensions.map((_, index) => dialect.quote(`__${index + 1}`));
  const keys = nested ? inner : dimensions.map((item) => item.expression);
  const setText = sets.map((kept) => `(${kept.map((index) => keys[index]).join(', ')})`).join(', ');
  const grouping = `GROUPING(${keys.join(', ')})`;
  const order = dimensions.map((_, index) => (nested ? inner[index] : `${index + 1}`)).join(', ');
  if (!nested) {
    const select = [
      ...dimensions.map((item) => `${item.expression} AS ${dialect.quote(item.column.name)}`),
      ...measures.map((item) => `${item.expression} AS ${dialect.quote(item.column.name)}`),
      `${grouping} AS ${dialect.quote(GROUPING_COLUMN)}`,
    ];
    return (
      `SELECT ${select.join(', ')}\nFROM ${from}${where}` +
      `\nGROUP BY GROUPING SETS (${setText})\nORDER BY ${order}\nLIMIT ${rows}`
    );
  }
  const measureAliases = measures.map((_, index) => dialect.quote(`__m${index + 1}`));
  const innerSelect = [
    ...dimensions.map((item, index) => `${item.expression} AS ${inner[index]}`),
    ...measures.map((item, index) => `${item.expression} AS ${measureAliases[index]}`),
    `${grouping} AS ${dialect.quote('__g')}`,
  ];
  const outerSelect = [
    ...dimensions.map((item, index) => `${inner[index]} AS ${dialect.quote(item.column.name)}`),
    ...measures.map(
      (item, index) => `${measureAliases[index]} AS ${dialect.quote(item.column.name)}`,
    ),
    `${dialect.quote('__g')} AS ${dialect.quote(GROUPING_COLUMN)}`,
  ];
  return (
    `SELECT ${outerSelect.join(', ')}\nFROM (\nSELECT ${innerSelect.join(', ')}\nFROM ${from}` +
    `${where}\nGROUP BY GROUPING SETS (${setText})\n)\nORDER BY ${order}\nLIMIT ${rows}`
  );
}

/** One GROUP BY per set, the totalled dimensions NULL, joined by UNION ALL. */
function unionStatement(
  dimensions: SelectItem[],
  measures: SelectItem[],
  from: string,
  where: string,
  sets: number[][],
  dialect: SqlDialect,
  rows: number,
): string {
  const branches = sets.map((kept) => {
    const select = [
      ...dimensions.map(
        (item, index) =>
          `${kept.includes(index) ? item.expression : 'NULL'} AS ${dialect.quote(item.column.name)}`,
      ),
      ...measures.map((item) => `${item.expression} AS ${dialect.quote(item.column.name)}`),
      `${groupingMask(kept, dimensions.length)} AS ${dialect.quote(GROUPING_COLUMN)}`,
    ];
    const groupBy = kept.length ? `\nGROUP BY ${kept.map((index) => index + 1).join(', ')}` : '';
    return `SELECT ${select.join(', ')}\nFROM ${from}${where}${groupBy}`;
  });
  const order = dimensions.map((_, index) => `${index + 1}`).join(', ');
  return `${branches.join('\nUNION ALL\n')}\nORDER BY ${order}\nLIMIT ${rows}`;
}

/** A pivot's cells with subtotals and totals, in the dialect of its source. */
export function compilePivotQuery(
  query: PivotQuery,
  dataset: Dataset,
  dialectName: Dialect,
  options: PivotOptions,
): CompiledQuery {
  const dialect = sqlDialectOf(dialectName);
  const bound = new BoundValues(dialect);
  const context = { dialect, bound, now: options.now ?? new Date() };
  const { dimensions, measures } = pivotItems(query, dataset, dialect);
  const conditions = query.filters.map((filter, index) => {
    const where = `filters.${index}`;
    const field = fieldNamed(dataset, filter.field, `${where}.field`);
    return compileFilter(filter, field, dialect.quote(field.name), context, where);
  });
  conditions.push(...compilePolicyConditions(options.policies ?? [], dataset.fields, context));
  const sets = pivotGroupingSets(query.rows.length, query.columns.length);
  const from = fromClause(dataset, dialect);
  const where = whereOf(conditions);
  const rows = options.limit + 1;
  const sql = dialect.groupingSets
    ? groupingSetsStatement(dimensions, measures, from, where, sets, dialect, rows)
    : unionStatement(dimensions, measures, from, where, sets, dialect, rows);
  // Positional placeholders (`?`) are bound once per UNION ALL branch, in order.
  const positional = dialect.placeholder(1, '') === '?';
  const params =
    !dialect.groupingSets && positional ? sets.flatMap(() => bound.values) : bound.values;
  const columns: CompiledColumn[] = [
    ...dimensions.map((item) => item.column),
    ...measures.map((item) => item.column),
    { name: GROUPING_COLUMN, role: 'dimension', type: 'number' },
  ];
  return { sql, params, columns, limit: options.limit };
}
