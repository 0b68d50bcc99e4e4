import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { numberFormatter } from '../format';
import { axisStyle, baseOption, gridOption } from './common';
import {
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
  type ColumnRef,
} from './columns';
import { EMPTY_CATEGORY, type BuiltChart, type ChartTheme, type ColumnLabeler } from './types';

// histogram: the binned dimension across (bins touch, empty bins count 0), counts up.

/** Bins beyond this many are shown as they come rather than filled in. */
const MAX_FILLED_BINS = 2000;

function binWidthOf(spec: ChartSpec, x: ColumnRef, starts: number[]): number | null {
  const configured =
    spec.options?.binWidth ?? spec.query.dimensions.find((d) => d.field === x.name)?.bin;
  if (configured && configured > 0) return configured;
  let smallest = Infinity;
  for (let i = 1; i < starts.length; i++) smallest = Math.min(smallest, starts[i] - starts[i - 1]);
  return Number.isFinite(smallest) && smallest > 0 ? smallest : null;
}

/** Every bin start from the lowest to the highest, when the count is reasonable. */
function filledStarts(starts: number[], width: number | null): number[] {
  if (!width || starts.length === 0) return starts;
  const first = starts[0];
  const count = Math.round((starts[starts.length - 1] - first) / width) + 1;
  if (count > MAX_FILLED_BINS) return starts;
  // Starts off the grid of this width (a width that is not the query's bin): keep them.
  const onGrid = starts.every((start) => {
    const steps = (start - first) / width;
    return Math.abs(steps - Math.round(steps)) < 1e-6;
  });
  if (!onGrid) return starts;
  // Rounding keeps 0.1-wide bins from drifting into 0.30000000000000004.
  return Array.from({ length: count }, (_, i) => Number((first + i * width).toPrecision(12)));
}

export function buildHistogram(
  spec: ChartSpec & { type: 'histogram' },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
): BuiltChart {
  const { x, y } = resolveEncoding(spec, result);
  const measure = y[0];
  const counts = new Map<number | null, number | '-'>();
  if (x && measure) {
    for (const row of result.rows) {
      const raw = row[x.index];
      const start = raw === null || raw === undefined ? null : Number(raw);
      counts.set(
        start !== null && Number.isFinite(start) ? start : null,
        valueOf(row[measure.index]),
      );
    }
  }
  const starts = [...counts.keys()].filter((k): k is number => k !== null).sort((a, b) => a - b);
  const width = x ? binWidthOf(spec, x, starts) : null;
  const bins: Array<number | null> = filledStarts(starts, width);
  if (counts.has(null)) bins.push(null);
  const formatBin = numberFormatter(undefined);
  const labels = bins.map((start) => {
    if (start === null) return EMPTY_CATEGORY;
    return width ? `${formatBin(start)} – ${formatBin(start + width)}` : formatBin(start);
  });
  const format = valueFormatter(spec);
  const style = axisStyle(theme);
  return {
    option: {
      ...baseOption(spec, theme),
      legend: { show: false },
      grid: gridOption('none'),
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(value) },
      xAxis: {
        type: 'category',
        data: labels,
        ...style,
        ...(spec.options?.xLabel
          ? { name: spec.options.xLabel, nameLocation: 'middle', nameGap: 32 }
          : {}),
      },
      yAxis: {
        type: 'value',
        ...style,
        axisLabel: { ...(style.axisLabel as object), formatter: (v: number) => format(v) },
        ...(spec.options?.yLabel
          ? { name: spec.options.yLabel, nameLocation: 'middle', nameGap: 40 }
          : {}),
      },
      series: [
        {
          type: 'bar',
          name: measure ? labelOf(measure.name) : '',
          barCategoryGap: '0%',
          itemStyle: { borderColor: theme.dark ? '#121212' : '#ffffff', borderWidth: 1 },
          data: bins.map((start) => counts.get(start) ?? 0),
        },
      ],
    },
    selectionAt: (_seriesIndex, dataIndex) =>
      x && dataIndex >= 0 && dataIndex < bins.length
        ? { field: x.name, value: selectionValue(bins[dataIndex]) }
        : null,
  };
}
