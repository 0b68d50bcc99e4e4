// The public face of chart rendering.
export { Chart, type ChartProps } from './Chart';
export { buildChart, buildChartOption } from './options';
export type { BuiltChart, ChartOption, ChartSelection, ChartTheme, ColumnLabeler } from './options';
export { tableModel, type TableModel, type TableSort, type TableView } from './tableModel';
export { kpiModel, type KpiModel } from './kpiModel';
export {
  chartToPng,
  chartResultToCsv,
  resultToCsv,
  downloadFile,
  exportFileName,
} from './exporters';
export { brandPalette } from './palette';
export { numberFormatter, dateFormatter } from './format';
export { useChartTheme } from './useChartTheme';
