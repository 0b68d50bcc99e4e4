import type { SeriesOption } from '../../../src/ui/charts/options/types';

// Readers of a built ECharts option: its series and one of its axes.

export const seriesOf = (option: { series: SeriesOption[] }) => option.series;

export function axis(option: Record<string, unknown>, name: 'xAxis' | 'yAxis') {
  return option[name] as Record<string, unknown> & { data?: unknown[]; type: string };
}
