import type { QueryResult } from '../../../../common/analytics';
import { measureKey } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { dateFormatter, numberFormatter, type ValueFormatter } from '../format';
import { EMPTY_CATEGORY, GAP } from './types';

// Which result columns play which part, with the defaults of an empty encoding.

export interface ColumnRef {
  name: string;
  index: number;
  type: string;
}

export interface ResolvedEncoding {
  x: ColumnRef | null;
  y: ColumnRef[];
  series: ColumnRef | null;
  color: ColumnRef | null;
  size: ColumnRef | null;
  dimensions: ColumnRef[];
  measures: ColumnRef[];
}

function columnRef(result: QueryResult, name: string | undefined): ColumnRef | null {
  if (!name) return null;
  const index = result.columns.findIndex((column) => column.name === name);
  return index < 0 ? null : { name, index, type: result.columns[index].type };
}

const isMeasureType = (type: string) => type === 'number';

/** The query's dimension and measure columns (by type when the query names none found). */
function splitColumns(spec: ChartSpec, result: QueryResult) {
  const measureNames = new Set(spec.query.measures.map(measureKey));
  const dimensionNames = new Set(spec.query.dimensions.map((dimension) => dimension.field));
  const all = result.columns.map((column, index) => ({ ...column, index }));
  let dimensions = all.filter((column) => dimensionNames.has(column.name));
  let measures = all.filter((column) => measureNames.has(column.name));
  if (dimensions.length === 0 && measures.length === 0) {
    dimensions = all.filter((column) => !isMeasureType(column.type));
    measures = all.filter((column) => isMeasureType(column.type));
  }
  return { dimensions, measures };
}

/**
 * The encoding with defaults: x = the first dimension, y = the measures, series = the second
 * dimension (if any). Names that are not result columns are ignored.
 */
export function resolveEncoding(spec: ChartSpec, result: QueryResult): ResolvedEncoding {
  const { dimensions, measures } = splitColumns(spec, result);
  const encoding = spec.encoding ?? {};
  const x = columnRef(result, encoding.x) ?? dimensions[0] ?? null;
  const named = (encoding.y ?? [])
    .map((name) => columnRef(result, name))
    .filter((ref): ref is ColumnRef => ref !== null);
  const y = named.length > 0 ? named : measures.filter((m) => m.name !== x?.name);
  const defaultSeries = encoding.x ? undefined : dimensions.find((d) => d.name !== x?.name);
  const series =
    columnRef(result, encoding.series) ?? (encoding.series ? null : (defaultSeries ?? null));
  return {
    x,
    y,
    series: series && series.name !== x?.name ? series : null,
    color: columnRef(result, encoding.color),
    size: columnRef(result, encoding.size),
    dimensions,
    measures,
  };
}

/** A measure value for ECharts: a number, or a gap for null / non-numeric values. */
export function valueOf(raw: unknown): number | typeof GAP {
  if (raw === null || raw === undefined || raw === '') return GAP;
  const number = typeof raw === 'number' ? raw : Number(raw);
  return Number.isFinite(number) ? number : GAP;
}

/** How a column's values are shown as categories / labels. */
export function labelFormatter(column: ColumnRef | null, spec: ChartSpec): ValueFormatter {
  if (column?.type === 'date') {
    const format = dateFormatter(spec.options?.dateFormat);
    return (value) => (value === null || value === undefined ? EMPTY_CATEGORY : format(value));
  }
  return (value) =>
    value === null || value === undefined || value === '' ? EMPTY_CATEGORY : String(value);
}

/** How measure values are shown (axis labels, tooltips, table cells). */
export function valueFormatter(spec: ChartSpec): ValueFormatter {
  return numberFormatter(spec.options?.numberFormat);
}

/** Distinct values of a column in order of first appearance. */
export function distinctValues(rows: unknown[][], index: number): unknown[] {
  const seen = new Set<unknown>();
  const values: unknown[] = [];
  for (const row of rows) {
    const value = row[index] ?? null;
    if (!seen.has(value)) {
      seen.add(value);
      values.push(value);
    }
  }
  return values;
}

/** A selection value as a filter can use it. */
export function selectionValue(raw: unknown): string | number | boolean | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return String(raw);
}
