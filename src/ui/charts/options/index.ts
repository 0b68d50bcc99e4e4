import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import { buildCartesian } from './cartesian';
import { buildHeatmap } from './heatmap';
import { buildHistogram } from './histogram';
import { buildPie } from './pie';
import { buildScatter } from './scatter';
import type { BuiltChart, ChartOption, ChartTheme, ColumnLabeler } from './types';

const rawName: ColumnLabeler = (column) => column;

/**
 * The ECharts option of a chart and how clicks map to selections. Table and kpi charts are
 * not drawn by ECharts (tableModel / kpiModel); they get an empty option.
 */
export function buildChart(
  spec: ChartSpec,
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler = rawName,
): BuiltChart {
  switch (spec.type) {
    case 'bar':
    case 'column':
    case 'stacked':
    case 'line':
    case 'area':
      return buildCartesian({ ...spec, type: spec.type }, result, theme, labelOf);
    case 'pie':
    case 'donut':
      return buildPie({ ...spec, type: spec.type }, result, theme, labelOf);
    case 'scatter':
      return buildScatter({ ...spec, type: spec.type }, result, theme, labelOf);
    case 'heatmap':
      return buildHeatmap({ ...spec, type: spec.type }, result, theme, labelOf);
    case 'histogram':
      return buildHistogram({ ...spec, type: spec.type }, result, theme, labelOf);
    default:
      return { option: { series: [] }, selectionAt: () => null };
  }
}

/** ChartSpec + QueryResult (+ theme) -> ECharts option. */
export function buildChartOption(
  spec: ChartSpec,
  result: QueryResult,
  theme: ChartTheme,
  labelOf?: ColumnLabeler,
): ChartOption {
  return buildChart(spec, result, theme, labelOf).option;
}
