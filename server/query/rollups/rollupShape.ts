import type { Dataset, DatasetField, TimeGrain } from '../../../common/analytics';
import type { RollupMeasure, RollupShape } from '../../../common/api/rollups';
import { badRequest } from '../../errors';
import type { SqlDialect } from '../../engines/sqlDialect';

// A rollup's table: one row per group of its dimensions (and its time field truncated to its
// grain), with the row count and the parts its measures re-aggregate from: sums, counts of
// values, minimums and maximums (an average is kept as its sum and count). Dimension and time
// columns keep their field's name, so the compiler's filters, groupings and row policies read
// the rollup as they read the dataset; the parts are `__rows` and `__m0`, `__m1` … in order.

/** What is stored of a field: its sum, count of values, minimum or maximum. */
export type StoredPart = 'sum' | 'count' | 'min' | 'max';

export interface StoredMeasure {
  part: StoredPart;
  field: string;
  column: string;
}

export const ROWS_COLUMN = '__rows';

/** The stored parts of `measures`, each once, in the order they are first asked. */
export function storedMeasures(measures: RollupMeasure[]): StoredMeasure[] {
  const stored: StoredMeasure[] = [];
  const add = (part: StoredPart, field: string) => {
    if (stored.some((item) => item.part === part && item.field === field)) return;
    stored.push({ part, field, column: `__m${stored.length}` });
  };
  for (const measure of measures) {
    if (measure.agg === 'avg') {
      add('sum', measure.field);
      add('count', measure.field);
    } else add(measure.agg, measure.field);
  }
  return stored;
}

/** The stored column of `part` of `field`, if the rollup keeps it. */
export function storedColumn(
  shape: RollupShape,
  part: StoredPart,
  field: string,
): string | undefined {
  return storedMeasures(shape.measures).find((item) => item.part === part && item.field === field)
    ?.column;
}

const NUMERIC_PARTS = new Set<StoredPart>(['sum']);

function fieldOf(dataset: Dataset, name: string, where: string): DatasetField {
  const field = dataset.fields.find((candidate) => candidate.name === name);
  if (!field) {
    throw badRequest(`${where}: the dataset "${dataset.name}" has no field "${name}".`, where);
  }
  return field;
}

/**
 * Refuses a shape the dataset cannot hold, naming the part at fault: unknown fields, a time
 * field that is not a date, a sum or average of a field that is not a number, a field twice.
 */
export function checkShape(shape: RollupShape, dataset: Dataset): void {
  const seen = new Set<string>();
  shape.dimensions.forEach((name, index) => {
    const where = `dimensions.${index}`;
    fieldOf(dataset, name, where);
    if (name.startsWith('__')) {
      throw badRequest(`${where}: a field whose name starts with __ cannot be a dimension.`, where);
    }
    if (seen.has(name)) throw badRequest(`${where}: "${name}" is listed twice.`, where);
    seen.add(name);
  });
  if (shape.timeField) {
    const field = fieldOf(dataset, shape.timeField, 'timeField');
    if (field.type !== 'date') {
      throw badRequest(`timeField: ${field.name} is not a date field.`, 'timeField');
    }
    if (seen.has(field.name)) {
      throw badRequest(`timeField: "${field.name}" is also a dimension; keep one.`, 'timeField');
    }
  }
  if (shape.measures.length === 0 && shape.dimensions.length === 0 && !shape.timeField) {
    throw badRequest(
      'dimensions: give at least one dimension, time field or measure.',
      'dimensions',
    );
  }
  shape.measures.forEach((measure, index) => {
    const where = `measures.${index}.field`;
    const field = fieldOf(dataset, measure.field, where);
    const needsNumber = measure.agg === 'avg' || NUMERIC_PARTS.has(measure.agg as StoredPart);
    if (needsNumber && field.type !== 'number') {
      throw badRequest(
        `${where}: ${measure.agg} needs a number field; ${field.name} is ${field.type}.`,
        where,
      );
    }
  });
}

function partExpression(part: StoredPart, column: string): string {
  return `${part.toUpperCase()}(${column})`;
}

/** The rollup's grouped columns, each as selected from the dataset's rows. */
function groupedColumns(shape: RollupShape, dialect: SqlDialect) {
  const columns = shape.dimensions.map((name) => ({ name, expression: dialect.quote(name) }));
  if (shape.timeField && shape.grain) {
    columns.push({
      name: shape.timeField,
      expression: dialect.timeGrain(dialect.quote(shape.timeField), shape.grain),
    });
  }
  return columns;
}

/**
 * The SELECT that computes the rollup's rows from `from` (the dataset's table or query),
 * optionally only of the time partitions from `since` ('YYYY-MM-DD', the grain's start) on.
 * Grouped under aliases of its own, then named: ClickHouse would read an alias of a
 * column's own name in place of the column.
 */
export function rollupSelect(
  shape: RollupShape,
  from: string,
  dialect: SqlDialect,
  since?: string,
): string {
  const grouped = groupedColumns(shape, dialect);
  const stored = storedMeasures(shape.measures);
  const inner = [
    ...grouped.map((column, index) => `${column.expression} AS ${dialect.quote(`__g${index}`)}`),
    `COUNT(*) AS ${dialect.quote(ROWS_COLUMN)}`,
    ...stored.map(
      (item) =>
        `${partExpression(item.part, dialect.quote(item.field))} AS ${dialect.quote(item.column)}`,
    ),
  ];
  const outer = [
    ...grouped.map(
      (column, index) => `${dialect.quote(`__g${index}`)} AS ${dialect.quote(column.name)}`,
    ),
    dialect.quote(ROWS_COLUMN),
    ...stored.map((item) => dialect.quote(item.column)),
  ];
  const where = since !== undefined ? `\nWHERE ${sincePartition(shape, dialect, since)}` : '';
  const groupBy = grouped.length
    ? `\nGROUP BY ${grouped.map((_, index) => dialect.quote(`__g${index}`)).join(', ')}`
    : '';
  return `SELECT ${outer.join(', ')}\nFROM (\nSELECT ${inner.join(', ')}\nFROM ${from}${where}${groupBy}\n) AS grouped`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `time >= since` on the dataset's rows, by the time field's partition ('YYYY-MM-DD'). */
export function sincePartition(shape: RollupShape, dialect: SqlDialect, since: string): string {
  if (!shape.timeField || !shape.grain || !DAY.test(since)) {
    throw new Error('A partition needs a time field, a grain and a day.');
  }
  const partition = dialect.timeGrain(dialect.quote(shape.timeField), shape.grain);
  return `${partition} >= CAST('${since}' AS DATE)`;
}

/** Grains a query may ask of a rollup kept at `grain`: its own, and those made of it whole. */
const COARSER: Record<TimeGrain, TimeGrain[]> = {
  day: ['day', 'week', 'month', 'quarter', 'year'],
  week: ['week'],
  month: ['month', 'quarter', 'year'],
  quarter: ['quarter', 'year'],
  year: ['year'],
};

export function grainRollsUp(kept: TimeGrain, asked: TimeGrain): boolean {
  return COARSER[kept].includes(asked);
}
