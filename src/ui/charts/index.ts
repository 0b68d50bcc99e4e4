// The public face of chart rendering.
export { Chart, type ChartProps } from './Chart';
export { buildChart, buildChartOption } from './options';
export { tableModel, type TableSort } from './tableModel';
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
