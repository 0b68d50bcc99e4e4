import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { dateMillis } from '../format';
import {
  axisStyle,
  baseOption,
  colorsByName,
  colorsOf,
  gridOption,
  legendOption,
  legendPosition,
} from './common';
import {
  distinctValues,
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
  type ColumnRef,
  type ResolvedEncoding,
} from './columns';
import { largeSeriesSettings } from './largeSeries';
import { timeAxisSettings } from './timeAxis';
import {
  GAP,
  LARGE_SERIES_POINTS,
  type BuiltChart,
  type ChartTheme,
  type ColumnLabeler,
  type SeriesOption,
} from './types';

// bar (horizontal bars), column (vertical), stacked (columns stacked by `series`), line, area.

type CartesianType = 'bar' | 'column' | 'stacked' | 'line' | 'area';

interface SeriesPart {
  name: string;
  measure: ColumnRef;
  /** rows of this series (all rows when the chart is not split by `series`) */
  rows: unknown[][];
  /** the split column's raw value */
  key?: unknown;
}

function seriesParts(
  spec: ChartSpec,
  rows: unknown[][],
  encoding: ResolvedEncoding,
  labelOf: ColumnLabeler,
): SeriesPart[] {
  const { series, y } = encoding;
  if (!series) return y.map((measure) => ({ name: labelOf(measure.name), measure, rows }));
  const label = labelFormatter(series, spec);
  const parts: SeriesPart[] = [];
  const byKey = new Map<unknown, unknown[][]>();
  for (const row of rows) {
    const key = row[series.index] ?? null;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(row);
  }
  for (const [key, keyRows] of byKey) {
    for (const measure of y) {
      const name = y.length > 1 ? `${label(key)} · ${labelOf(measure.name)}` : label(key);
      parts.push({ name, measure, rows: keyRows, key });
    }
  }
  return parts;
}

function seriesStyle(
  type: CartesianType,
  points: number,
): Record<string, unknown> & { type: string } {
  switch (type) {
    case 'bar':
    case 'column':
      // ECharts' bulk drawing of bars does not stack, so only plain bars use it.
      return points > LARGE_SERIES_POINTS
        ? { type: 'bar', large: true, largeThreshold: LARGE_SERIES_POINTS }
        : { type: 'bar' };
    case 'stacked':
      return { type: 'bar', stack: 'total' };
    case 'line':
    case 'area': {
      const line: Record<string, unknown> & { type: string } = {
        type: 'line',
        showSymbol: points <= 100,
        connectNulls: false,
        ...largeSeriesSettings('line', points),
      };
      if (type === 'area') line.areaStyle = { opacity: 0.25 };
      return line;
    }
  }
}

/** A series split by a field takes its value's colour, the same whatever else is filtered. */
function splitColor(
  type: CartesianType,
  color: string | undefined,
  style: Record<string, unknown>,
): Record<string, unknown> {
  if (!color) return {};
  const line = type === 'line' || type === 'area';
  return {
    itemStyle: { color },
    ...(line ? { lineStyle: { color } } : {}),
    ...(style.areaStyle ? { areaStyle: { ...(style.areaStyle as object), color } } : {}),
  };
}

function axisName(name: string | undefined): Record<string, unknown> {
  return name ? { name, nameLocation: 'middle', nameGap: 32 } : {};
}

/** The split value of a picked mark's series, when the chart is split by a field. */
function seriesValueOf(encoding: ResolvedEncoding, part: SeriesPart | undefined) {
  if (!encoding.series || !part || part.key === undefined) return {};
  return { also: [{ field: encoding.series.name, value: selectionValue(part.key) }] };
}

/** Category axis: one slot per distinct x value, values aligned to the slots. */
function categoryChart(
  spec: ChartSpec,
  encoding: ResolvedEncoding & { x: ColumnRef },
  parts: SeriesPart[],
  rows: unknown[][],
) {
  const x = encoding.x;
  const categories = distinctValues(rows, x.index);
  const slot = new Map(categories.map((value, index) => [value, index]));
  const label = labelFormatter(x, spec);
  const series = parts.map((part) => {
    const data: Array<number | typeof GAP> = new Array(categories.length).fill(GAP);
    for (const row of part.rows)
      data[slot.get(row[x.index] ?? null)!] = valueOf(row[part.measure.index]);
    return { part, data };
  });
  const selectionAt = (seriesIndex: number, dataIndex: number) =>
    dataIndex >= 0 && dataIndex < categories.length
      ? {
          field: x.name,
          value: selectionValue(categories[dataIndex]),
          ...seriesValueOf(encoding, parts[seriesIndex]),
        }
      : null;
  return { axisData: categories.map(label), series, selectionAt };
}

/** Time axis (line and area over dates): [epoch ms, value] pairs, each series on its own. */
function timeChart(encoding: ResolvedEncoding & { x: ColumnRef }, parts: SeriesPart[]) {
  const x = encoding.x;
  const series = parts.map((part) => {
    const data: Array<[number, number | typeof GAP]> = [];
    const sourceRows: unknown[][] = [];
    for (const row of part.rows) {
      const millis = dateMillis(row[x.index]);
      if (millis === null) continue;
      data.push([millis, valueOf(row[part.measure.index])]);
      sourceRows.push(row);
    }
    return { part, data, sourceRows };
  });
  const selectionAt = (seriesIndex: number, dataIndex: number) => {
    const row = series[seriesIndex]?.sourceRows[dataIndex];
    return row
      ? {
          field: x.name,
          value: selectionValue(row[x.index]),
          ...seriesValueOf(encoding, parts[seriesIndex]),
        }
      : null;
  };
  return { series, selectionAt };
}

export function buildCartesian(
  spec: ChartSpec & { type: CartesianType },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
): BuiltChart {
  const encoding = resolveEncoding(spec, result);
  const { x } = encoding;
  const format = valueFormatter(spec);
  const parts = x ? seriesParts(spec, result.rows, encoding, labelOf) : [];
  const legend = legendPosition(spec, parts.length);
  const splitColors = encoding.series
    ? colorsByName(
        parts.map((part) => part.name),
        colorsOf(spec, theme),
      )
    : new Map<string, string>();
  const styled = (part: SeriesPart, points: number) => {
    const style = seriesStyle(spec.type, points);
    return { ...style, ...splitColor(spec.type, splitColors.get(part.name), style) };
  };
  const isTime = x?.type === 'date' && (spec.type === 'line' || spec.type === 'area');
  const style = axisStyle(theme);
  const valueAxis = {
    type: 'value',
    ...style,
    axisLabel: { ...(style.axisLabel as object), formatter: (value: number) => format(value) },
    ...axisName(spec.options?.yLabel),
  };
  let xAxis: Record<string, unknown>;
  let series: SeriesOption[];
  let selectionAt: BuiltChart['selectionAt'] = () => null;
  let points = 0;
  if (x && isTime) {
    const chart = timeChart({ ...encoding, x }, parts);
    const { minInterval, formatter } = timeAxisSettings(spec, x.name);
    xAxis = {
      type: 'time',
      ...style,
      ...(minInterval ? { minInterval } : {}),
      // the first and last labels sit inside the plot rather than half past its edges
      axisLabel: {
        ...(style.axisLabel as object),
        alignMinLabel: 'left',
        alignMaxLabel: 'right',
        ...(formatter ? { formatter } : {}),
      },
      ...axisName(spec.options?.xLabel),
    };
    points = Math.max(0, ...chart.series.map((s) => s.data.length));
    series = chart.series.map(({ part, data }) => ({
      ...styled(part, data.length),
      name: part.name,
      data,
    }));
    selectionAt = chart.selectionAt;
  } else if (x) {
    const chart = categoryChart(spec, { ...encoding, x }, parts, result.rows);
    xAxis = { type: 'category', data: chart.axisData, ...style, ...axisName(spec.options?.xLabel) };
    points = chart.axisData.length;
    series = chart.series.map(({ part, data }) => ({
      ...styled(part, data.length),
      name: part.name,
      data,
    }));
    selectionAt = chart.selectionAt;
  } else {
    xAxis = { type: 'category', data: [], ...style };
    series = [];
  }
  const horizontal = spec.type === 'bar';
  const largeLine = (spec.type === 'line' || spec.type === 'area') && points > LARGE_SERIES_POINTS;
  return {
    option: {
      ...baseOption(spec, theme),
      // dates carry no zone (dateMillis reads them as UTC): ticks fall on UTC month starts
      ...(isTime ? { useUTC: true } : {}),
      legend: legendOption(legend, theme),
      grid: gridOption(legend),
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => format(value),
      },
      // The category axis of horizontal bars lists the first category at the top.
      xAxis: horizontal ? valueAxis : xAxis,
      yAxis: horizontal ? { ...xAxis, inverse: true } : valueAxis,
      ...(largeLine ? { dataZoom: [{ type: 'inside', zoomOnMouseWheel: 'ctrl' }] } : {}),
      series,
    },
    selectionAt,
  };
}
