import type { QueryResult } from '../../../model/analytics';
import type { ChartSpec } from '../../../model/charts';
import { baseOption, escapeHtml, gridOption, legendOption } from './common';
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
  const data = rows.map((row) => ({
    name: label(row[x!.index]),
    value: valueOf(row[measure.index]),
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
          radius: spec.type === 'donut' ? ['45%', '70%'] : [0, '70%'],
          ...gridOption(legend),
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          // Pie series default to a 1 s entry animation; dashboards should settle quickly.
          animationDuration: 300,
          animationDurationUpdate: 300,
          label: { color: theme.textColor, show: data.length <= 12 },
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
