import { measureKey, type DatasetField, type QueryFilter, type QueryMeasure } from '../analytics';
import type { ChartType } from '../charts';
import { withoutUnit } from './words';

// Words for the parts of a chart: field and measure labels, filters, chart type names.

export const CHART_NAMES: Record<ChartType, string> = {
  bar: 'Bar chart',
  column: 'Column chart',
  stacked: 'Stacked bar chart',
  line: 'Line chart',
  area: 'Area chart',
  pie: 'Pie chart',
  donut: 'Donut chart',
  scatter: 'Scatter plot',
  table: 'Table',
  kpi: 'Single number',
  heatmap: 'Heatmap',
  histogram: 'Histogram',
  pivot: 'Pivot table',
  regionMap: 'Region map',
  pointMap: 'Point map',
};

const AGG_LABELS: Record<QueryMeasure['agg'], string> = {
  count: 'Count of',
  count_distinct: 'Distinct count of',
  sum: 'Sum of',
  avg: 'Average of',
  min: 'Minimum of',
  max: 'Maximum of',
  median: 'Median of',
};

export function fieldLabel(fields: DatasetField[], name: string): string {
  const field = fields.find((candidate) => candidate.name === name);
  return field?.label || name;
}

/** "Average of Delay (minutes)", "Count of rows". */
export function measureLabel(fields: DatasetField[], measure: QueryMeasure): string {
  if (measureKey(measure) === 'count') return 'Count of rows';
  return `${AGG_LABELS[measure.agg]} ${fieldLabel(fields, measure.field)}`;
}

/** A label inside a sentence: "Delay (minutes)" -> "delay"; acronyms keep their case. */
export function inSentence(label: string): string {
  const plain = withoutUnit(label);
  const capitalised = /^.[a-z]/.test(plain) && !/\s[A-Z]/.test(plain);
  return capitalised ? plain[0].toLowerCase() + plain.slice(1) : plain;
}

function listOf(values: unknown[]): string {
  const texts = values.map(String);
  return texts.length <= 1
    ? (texts[0] ?? '')
    : `${texts.slice(0, -1).join(', ')} or ${texts.at(-1)}`;
}

const OP_WORDS: Partial<Record<QueryFilter['op'], string>> = {
  '=': 'is',
  '!=': 'is not',
  in: 'is',
  'not in': 'is not',
  '>': 'is over',
  '>=': 'is at least',
  '<': 'is under',
  '<=': 'is at most',
};

/** "Origin airport is SFO", "Delay (minutes) is over 100", "Date in the last 30 days". */
export function filterLabel(fields: DatasetField[], filter: QueryFilter): string {
  const label = fieldLabel(fields, filter.field);
  const { op, value } = filter;
  if (op === 'between' && Array.isArray(value))
    return `${label} is between ${value[0]} and ${value[1]}`;
  if (op === 'relative' && value && typeof value === 'object' && !Array.isArray(value)) {
    if (value.kind === 'last') return `${label} in the last ${value.count ?? 1} ${value.unit}s`;
    if (value.kind === 'previous') return `${label} in the previous ${value.unit}`;
    return `${label} in this ${value.unit}`;
  }
  const words = OP_WORDS[op] ?? op;
  if (op === 'is null' || op === 'is not null') return `${label} ${op}`;
  return `${label} ${words} ${Array.isArray(value) ? listOf(value) : String(value)}`;
}
