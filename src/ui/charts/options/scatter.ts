import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { dateFormatter, dateMillis } from '../format';
import {
  axisStyle,
  baseOption,
  escapeHtml,
  gridOption,
  legendOption,
  legendPosition,
} from './common';
import {
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
  type ColumnRef,
} from './columns';
import { largeSeriesSettings } from './largeSeries';
import type { BuiltChart, ChartTheme, ColumnLabeler, SeriesOption } from './types';

// scatter: x against y, one series per value of `color`, point size by `size`.

const MIN_SYMBOL = 4;
const MAX_SYMBOL = 36;

/** x and y: the encoding's, else the first two measures, else the first dimension and measure. */
function scatterAxes(spec: ChartSpec, result: QueryResult) {
  const encoding = resolveEncoding(spec, result);
  if (spec.encoding?.x || encoding.measures.length < 2) {
    return { ...encoding, x: encoding.x, yColumn: encoding.y[0] ?? null };
  }
  const [xMeasure, yMeasure] = encoding.measures;
  const color = encoding.color ?? (spec.encoding?.color ? null : (encoding.dimensions[0] ?? null));
  const yColumn = spec.encoding?.y?.length ? (encoding.y[0] ?? yMeasure) : yMeasure;
  return { ...encoding, x: xMeasure, yColumn, color };
}

function axisCoordinate(column: ColumnRef): (value: unknown) => unknown {
  if (column.type === 'number') return valueOf;
  if (column.type === 'date') return (value) => dateMillis(value) ?? '-';
  return (value) => (value === null || value === undefined ? '(empty)' : String(value));
}

function axisType(column: ColumnRef): string {
  if (column.type === 'number') return 'value';
  return column.type === 'date' ? 'time' : 'category';
}

function symbolSizer(rows: unknown[][], size: ColumnRef | null) {
  if (!size) return undefined;
  const max = rows.reduce<number>((top, row) => {
    const value = Number(row[size.index]);
    return Number.isFinite(value) ? Math.max(top, Math.abs(value)) : top;
  }, 0);
  return (value: unknown[]) => {
    const number = Math.abs(Number(value[2]));
    if (!max || !Number.isFinite(number)) return MIN_SYMBOL;
    return MIN_SYMBOL + (MAX_SYMBOL - MIN_SYMBOL) * Math.sqrt(number / max);
  };
}

function groupByColor(rows: unknown[][], color: ColumnRef | null) {
  if (!color) return { groups: [undefined] as unknown[], groupRows: [rows] };
  const byValue = new Map<unknown, unknown[][]>();
  for (const row of rows) {
    const value = row[color.index] ?? null;
    let list = byValue.get(value);
    if (!list) byValue.set(value, (list = []));
    list.push(row);
  }
  return { groups: [...byValue.keys()], groupRows: [...byValue.values()] };
}

export function buildScatter(
  spec: ChartSpec & { type: 'scatter' },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
): BuiltChart {
  const { x, yColumn, color, size } = scatterAxes(spec, result);
  const format = valueFormatter(spec);
  const style = axisStyle(theme);
  if (!x || !yColumn) {
    return { option: { ...baseOption(spec, theme), series: [] }, selectionAt: () => null };
  }
  const toX = axisCoordinate(x);
  const { groups, groupRows } = groupByColor(result.rows, color);
  const colorLabel = labelFormatter(color, spec);
  const sizeOf = symbolSizer(result.rows, size);
  const series: SeriesOption[] = groupRows.map((rows, index) => {
    const data = rows.map((row) => {
      const point = [toX(row[x.index]), valueOf(row[yColumn.index])];
      return size ? [...point, valueOf(row[size.index])] : point;
    });
    return {
      type: 'scatter',
      name: color ? colorLabel(groups[index]) : labelOf(yColumn.name),
      ...(sizeOf ? { symbolSize: sizeOf } : {}),
      ...largeSeriesSettings('scatter', data.length),
      data,
    };
  });
  const legend = legendPosition(spec, series.length);
  const formatDate = dateFormatter(spec.options?.dateFormat);
  const xFormatter = x.type === 'number' ? format : x.type === 'date' ? formatDate : String;
  return {
    option: {
      ...baseOption(spec, theme),
      legend: legendOption(legend, theme),
      grid: gridOption(legend),
      tooltip: {
        trigger: 'item',
        formatter: (params: { seriesName: string; value: unknown[] }) =>
          [
            params.seriesName,
            `${labelOf(x.name)}: ${xFormatter(params.value[0])}`,
            `${labelOf(yColumn.name)}: ${format(params.value[1])}`,
            ...(size ? [`${labelOf(size.name)}: ${format(params.value[2])}`] : []),
          ]
            .map(escapeHtml)
            .join('<br/>'),
      },
      xAxis: {
        type: axisType(x),
        scale: true,
        ...style,
        ...(x.type === 'number'
          ? { axisLabel: { ...(style.axisLabel as object), formatter: (v: number) => format(v) } }
          : {}),
        ...(spec.options?.xLabel
          ? { name: spec.options.xLabel, nameLocation: 'middle', nameGap: 32 }
          : {}),
      },
      yAxis: {
        type: 'value',
        scale: true,
        ...style,
        axisLabel: { ...(style.axisLabel as object), formatter: (v: number) => format(v) },
        ...(spec.options?.yLabel
          ? { name: spec.options.yLabel, nameLocation: 'middle', nameGap: 40 }
          : {}),
      },
      series,
    },
    selectionAt: (seriesIndex, dataIndex) => {
      if (color) {
        return seriesIndex < groups.length
          ? { field: color.name, value: selectionValue(groups[seriesIndex]) }
          : null;
      }
      const row = groupRows[seriesIndex]?.[dataIndex];
      return row ? { field: x.name, value: selectionValue(row[x.index]) } : null;
    },
  };
}
