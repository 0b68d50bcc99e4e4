import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { axisStyle, baseOption, colorsOf, escapeHtml } from './common';
import {
  distinctValues,
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
} from './columns';
import type { BuiltChart, ChartTheme, ColumnLabeler } from './types';

// heatmap: x categories across, `series` categories down, cells coloured by the first measure.

export function buildHeatmap(
  spec: ChartSpec & { type: 'heatmap' },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
): BuiltChart {
  const { x, series: yDimension, y } = resolveEncoding(spec, result);
  const measure = y[0];
  const format = valueFormatter(spec);
  const style = axisStyle(theme);
  const usable = x && yDimension && measure;
  const rows = usable ? result.rows : [];
  const xValues = x ? distinctValues(rows, x.index) : [];
  const yValues = yDimension ? distinctValues(rows, yDimension.index) : [];
  const xSlot = new Map(xValues.map((value, index) => [value, index]));
  const ySlot = new Map(yValues.map((value, index) => [value, index]));
  const data = rows.map((row) => [
    xSlot.get(row[x!.index] ?? null),
    ySlot.get(row[yDimension!.index] ?? null),
    valueOf(row[measure.index]),
  ]);
  const numbers = data.map((cell) => cell[2]).filter((v): v is number => typeof v === 'number');
  const min = numbers.reduce((low, v) => Math.min(low, v), numbers[0] ?? 0);
  const max = numbers.reduce((high, v) => Math.max(high, v), numbers[0] ?? 0);
  const [accent] = colorsOf(spec, theme);
  return {
    option: {
      ...baseOption(spec, theme),
      tooltip: {
        trigger: 'item',
        formatter: (params: { value: [number, number, unknown] }) =>
          escapeHtml(
            `${labelFormatter(x, spec)(xValues[params.value[0]])} · ` +
              `${labelFormatter(yDimension, spec)(yValues[params.value[1]])}: ` +
              `${format(params.value[2])}`,
          ),
      },
      // the colour scale above the cells, never over the x labels below them
      grid: { left: 12, right: 24, top: 56, bottom: 12 },
      xAxis: {
        type: 'category',
        data: xValues.map(labelFormatter(x, spec)),
        splitArea: { show: true },
        ...style,
        ...(spec.options?.xLabel
          ? { name: spec.options.xLabel, nameLocation: 'middle', nameGap: 28 }
          : {}),
      },
      yAxis: {
        type: 'category',
        data: yValues.map(labelFormatter(yDimension, spec)),
        splitArea: { show: true },
        ...style,
        ...(spec.options?.yLabel
          ? { name: spec.options.yLabel, nameLocation: 'middle', nameGap: 48 }
          : {}),
      },
      visualMap: {
        min,
        // A single value still needs a range for the colour scale.
        max: max === min ? min + 1 : max,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        top: 0,
        itemHeight: 120,
        textStyle: { color: theme.textColor },
        formatter: (value: number) => format(value),
        inRange: { color: [theme.dark ? '#2a2a2a' : '#f4f6fb', accent] },
      },
      series: [
        {
          type: 'heatmap',
          name: measure ? labelOf(measure.name) : '',
          data,
          emphasis: { itemStyle: { borderColor: theme.textColor, borderWidth: 1 } },
        },
      ],
    },
    selectionAt: (_seriesIndex, dataIndex) => {
      const row = rows[dataIndex];
      if (!row || !x) return null;
      const also = yDimension
        ? { also: [{ field: yDimension.name, value: selectionValue(row[yDimension.index]) }] }
        : {};
      return { field: x.name, value: selectionValue(row[x.index]), ...also };
    },
  };
}
