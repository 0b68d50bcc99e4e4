import type { QueryResult } from '../../model/analytics';
import type { ChartSpec } from '../../model/charts';
import { baseOption, escapeHtml, legendOption } from './common';
import {
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
} from './columns';
import type { BuiltChart, ChartTheme, ColumnLabeler } from './types';

// pie and donut: one slice per x value, sized by the first measure.

function pieCenter(position: string): [string, string] {
  switch (position) {
    case 'left':
      return ['60%', '50%'];
    case 'right':
      return ['40%', '50%'];
    case 'top':
      return ['50%', '55%'];
    case 'bottom':
      return ['50%', '45%'];
    default:
      return ['50%', '50%'];
  }
}

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
          center: pieCenter(legend),
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
