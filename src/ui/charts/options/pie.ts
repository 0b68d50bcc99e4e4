import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { baseOption, colorsByName, colorsOf, escapeHtml, gridOption, legendOption } from './common';
import {
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
} from './columns';
import type { BuiltChart, ChartTheme, ColumnLabeler } from './types';

// pie and donut: one slice per x value, sized by the first measure. The circle is drawn in
// the box the legend leaves free (the grid's box), so the legend never covers it.

const PIE_LABEL_WIDTH = 90;

export function buildPie(
  spec: ChartSpec & { type: 'pie' | 'donut' },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
): BuiltChart {
  const { x, y } = resolveEncoding(spec, result);
  const measure = y[0];
  const format = valueFormatter(spec);
  const label = labelFormatter(x, spec);
  const rows = x && measure ? result.rows : [];
  const names = rows.map((row) => label(row[x!.index]));
  const colors = colorsByName(names, colorsOf(spec, theme));
  const data = rows.map((row, index) => ({
    name: names[index],
    value: valueOf(row[measure.index]),
    itemStyle: { color: colors.get(names[index]) },
  }));
  const legend = spec.options?.legend ?? 'right';
  return {
    option: {
      ...baseOption(spec, theme),
      legend: legendOption(legend, theme),
      tooltip: {
        trigger: 'item',
        formatter: (params: { name: string; value: unknown; percent?: number }) =>
          `${escapeHtml(params.name)}: ${escapeHtml(format(params.value))} (${params.percent ?? 0}%)`,
      },
      series: [
        {
          type: 'pie',
          name: measure ? labelOf(measure.name) : '',
          // room outside the circle for the labels
          radius: spec.type === 'donut' ? ['40%', '62%'] : [0, '62%'],
          ...gridOption(legend),
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          // Pie series default to a 1 s entry animation; dashboards should settle quickly.
          animationDuration: 300,
          animationDurationUpdate: 300,
          // long names are cut (whole in the tooltip) rather than past the chart's edge
          label: {
            color: theme.textColor,
            show: data.length <= 12,
            overflow: 'truncate',
            width: PIE_LABEL_WIDTH,
          },
          labelLine: { length: 8, length2: 8 },
          labelLayout: { hideOverlap: true },
          data,
        },
      ],
    },
    selectionAt: (_seriesIndex, dataIndex) => {
      const row = rows[dataIndex];
      return row && x ? { field: x.name, value: selectionValue(row[x.index]) } : null;
    },
  };
}
