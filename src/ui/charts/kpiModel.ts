import type { GoodDirection, QueryResult } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import { columnNumberFormatter } from './format';
import { resolveEncoding } from './options/columns';
import type { ColumnLabeler } from './options/types';

// The kpi chart: the last period's value and its change against the period before.
// The KPI query is grouped by a time grain: rows are periods; the last one is "now". A
// measure named prev_<measure> in the same row, when present, is the previous value instead.

export interface KpiModel {
  label: string;
  value: number | null;
  formatted: string;
  previous: number | null;
  /** (value - previous) / |previous|; null without a previous value or when it is 0 */
  change: number | null;
  changeText: string | null;
  direction: 'up' | 'down' | 'flat' | null;
  /** Whether the change is good news: up is good unless the measure says down is. */
  tone: KpiTone;
}

export type KpiTone = 'good' | 'bad' | 'neutral';

function toneOf(direction: KpiModel['direction'], goodDirection: GoodDirection = 'up'): KpiTone {
  if (direction !== 'up' && direction !== 'down') return 'neutral';
  return direction === goodDirection ? 'good' : 'bad';
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

const changeFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

function periodOrder(rows: unknown[][], timeIndex: number | null): unknown[][] {
  if (timeIndex === null) return rows;
  return [...rows].sort((a, b) =>
    String(a[timeIndex] ?? '').localeCompare(String(b[timeIndex] ?? '')),
  );
}

export function kpiModel(
  spec: ChartSpec,
  result: QueryResult,
  labelOf: ColumnLabeler = (column) => column,
): KpiModel {
  const encoding = resolveEncoding(spec, result);
  const measure = encoding.y.find((column) => !column.name.startsWith('prev_')) ?? encoding.y[0];
  const time = encoding.x?.type === 'date' ? encoding.x : null;
  const rows = periodOrder(result.rows, time?.index ?? null);
  const last = rows[rows.length - 1];
  const value = measure && last ? numberOrNull(last[measure.index]) : null;
  const prevIndex = measure
    ? result.columns.findIndex((column) => column.name === `prev_${measure.name}`)
    : -1;
  let previous: number | null = null;
  if (prevIndex >= 0 && last) previous = numberOrNull(last[prevIndex]);
  else if (measure && rows.length >= 2)
    previous = numberOrNull(rows[rows.length - 2][measure.index]);
  const change =
    value !== null && previous !== null && previous !== 0
      ? (value - previous) / Math.abs(previous)
      : null;
  const direction = change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const goodDirection = measure ? result.columns[measure.index]?.goodDirection : undefined;
  return {
    label: measure ? labelOf(measure.name) : '',
    value,
    formatted:
      value === null || !measure
        ? '–'
        : columnNumberFormatter(measure.name, spec.options?.numberFormat)(value),
    previous,
    change,
    changeText: change === null ? null : changeFormat.format(change),
    direction,
    tone: toneOf(direction, goodDirection),
  };
}
