import {
  countsRows,
  type Dataset,
  type QueryFilter,
  type QueryMeasure,
  type RelativeDate,
  type SemanticQuery,
  type TimeGrain,
} from '../../../common/analytics';
import type { RollupShape } from '../../../common/api/rollups';
import type { SqlDialect } from '../../engines/sqlDialect';
import { dayAfter } from '../compile/filters';
import { relativeDateRange } from '../compile/relativeDates';
import type { PolicyCondition } from '../compile/rowPolicies';
import { grainRollsUp, ROWS_COLUMN, storedColumn } from './rollupShape';

// Which rollup answers a semantic query exactly, and how its measures re-aggregate. A rollup
// answers when its dimensions cover the query's dimensions, filters and the viewer's row
// policies (its time field at a grain the query's grain is made of whole, filtered only on
// boundaries of its grain), and it keeps what each measure re-aggregates from: counts and
// sums add up, minimums and maximums of minimums and maximums, an average is a sum over a
// count, and a distinct count only of a dimension (the rollup keeps its set of values). Of
// those that answer, the one with the fewest rows; otherwise none, and the query reads the
// dataset.

/** A rollup as the query engine knows it: built, fresh, with its row count. */
export interface UsableRollup {
  id: number;
  name: string;
  tableName: string;
  shape: RollupShape;
  rowCount: number;
}

/** The rollup picked for a query: its table and each measure's expression over it. */
export interface RollupAnswer {
  rollup: UsableRollup;
  /** Expressions by the measure's index in the query. */
  measures: string[];
}

const DAY_START = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?)?$/;

/** Whether `value` is the first instant of a period of `grain` (weeks start on Monday). */
export function startsPeriod(value: string, grain: TimeGrain): boolean {
  const match = DAY_START.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  switch (grain) {
    case 'day':
      return true;
    case 'week':
      return date.getUTCDay() === 1;
    case 'month':
      return day === 1;
    case 'quarter':
      return day === 1 && (month - 1) % 3 === 0;
    case 'year':
      return day === 1 && month === 1;
  }
}

/** Whether `value` is a plain date whose whole day ends a period of `grain` (filters.ts). */
function endsBeforePeriod(value: unknown, grain: TimeGrain): boolean {
  const next = dayAfter(value);
  return next !== undefined && startsPeriod(next, grain);
}

function isPlainDimension(shape: RollupShape, field: string): boolean {
  return shape.dimensions.includes(field);
}

function coversDimensions(query: SemanticQuery, shape: RollupShape): boolean {
  return query.dimensions.every((dimension) => {
    if (isPlainDimension(shape, dimension.field)) return true;
    if (dimension.field !== shape.timeField || !shape.grain) return false;
    return (
      dimension.bin === undefined &&
      dimension.grain !== undefined &&
      grainRollsUp(shape.grain, dimension.grain)
    );
  });
}

/** A filter on the rollup's time field holds alike on its truncated values. */
export function timeFilterExact(filter: QueryFilter, grain: TimeGrain, now: Date): boolean {
  switch (filter.op) {
    case 'is null':
    case 'is not null':
      return true;
    case '>=':
    case '<':
      return typeof filter.value === 'string' && startsPeriod(filter.value, grain);
    case '<=':
    case '>':
      return endsBeforePeriod(filter.value, grain);
    case 'between': {
      const [from, to] = Array.isArray(filter.value) ? filter.value : [];
      return typeof from === 'string' && startsPeriod(from, grain) && endsBeforePeriod(to, grain);
    }
    case 'relative': {
      try {
        const range = relativeDateRange(filter.value as RelativeDate, now);
        return startsPeriod(range.start, grain) && startsPeriod(range.end, grain);
      } catch {
        return false;
      }
    }
    default:
      return false;
  }
}

function coversFilters(query: SemanticQuery, shape: RollupShape, now: Date): boolean {
  return query.filters.every((filter) => {
    if (isPlainDimension(shape, filter.field)) return true;
    if (filter.field !== shape.timeField || !shape.grain) return false;
    return timeFilterExact(filter, shape.grain, now);
  });
}

/** A number as a double; ClickHouse's CAST refuses a null, its toFloat64 keeps it. */
function asDouble(expression: string, dialect: SqlDialect): string {
  return dialect.name === 'clickhouse'
    ? `toFloat64(${expression})`
    : `CAST(${expression} AS DOUBLE)`;
}

/** The expression re-aggregating `measure` from the rollup, or undefined when it cannot. */
function measureExpression(
  measure: QueryMeasure,
  shape: RollupShape,
  dialect: SqlDialect,
): string | undefined {
  const quoted = (column: string | undefined) =>
    column === undefined ? undefined : dialect.quote(column);
  if (countsRows(measure)) {
    return measure.agg === 'count' ? `COALESCE(SUM(${quoted(ROWS_COLUMN)}), 0)` : undefined;
  }
  const stored = (part: 'sum' | 'count' | 'min' | 'max') =>
    quoted(storedColumn(shape, part, measure.field));
  switch (measure.agg) {
    case 'count': {
      const column = stored('count');
      return column && `COALESCE(SUM(${column}), 0)`;
    }
    case 'sum': {
      const column = stored('sum');
      return column && `SUM(${column})`;
    }
    case 'min':
    case 'max': {
      const column = stored(measure.agg);
      return column && `${measure.agg.toUpperCase()}(${column})`;
    }
    case 'avg': {
      const sum = stored('sum');
      const count = stored('count');
      return sum && count && `${asDouble(`SUM(${sum})`, dialect)} / NULLIF(SUM(${count}), 0)`;
    }
    case 'count_distinct':
      return isPlainDimension(shape, measure.field)
        ? dialect.countDistinct(dialect.quote(measure.field))
        : undefined;
    default:
      return undefined;
  }
}

/** How `rollup` answers `query` for a viewer held by `policies`, or undefined. */
export function answerFrom(
  rollup: UsableRollup,
  query: SemanticQuery,
  policies: PolicyCondition[],
  dialect: SqlDialect,
  now: Date,
): RollupAnswer | undefined {
  const { shape } = rollup;
  // Distinct values listed by frequency count rollup rows, not the dataset's.
  if (query.measures.length === 0) return undefined;
  if (!policies.every((policy) => isPlainDimension(shape, policy.field))) return undefined;
  if (!coversDimensions(query, shape) || !coversFilters(query, shape, now)) return undefined;
  const measures: string[] = [];
  for (const measure of query.measures) {
    const expression = measureExpression(measure, shape, dialect);
    if (expression === undefined) return undefined;
    measures.push(expression);
  }
  return { rollup, measures };
}

/** The smallest of `rollups` that answers `query` exactly, or undefined. */
export function pickRollup(
  rollups: UsableRollup[],
  query: SemanticQuery,
  dataset: Pick<Dataset, 'fields'>,
  policies: PolicyCondition[],
  dialect: SqlDialect,
  now: Date,
): RollupAnswer | undefined {
  // Only fields the dataset still has: a field removed since the rollup was built is unknown.
  const known = new Set(dataset.fields.map((field) => field.name));
  let best: RollupAnswer | undefined;
  for (const rollup of rollups) {
    const { shape } = rollup;
    const fields = [...shape.dimensions, ...(shape.timeField ? [shape.timeField] : [])];
    if (!fields.every((field) => known.has(field))) continue;
    const answer = answerFrom(rollup, query, policies, dialect, now);
    if (answer && (!best || rollup.rowCount < best.rollup.rowCount)) best = answer;
  }
  return best;
}
