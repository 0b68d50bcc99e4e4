import { init, use as registerEChartsParts } from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  GridComponent,
  LegendComponent,
  LegendScrollComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the chart types and components the option builders use, canvas only. This module is
// loaded on demand by <Chart>, so pages without charts (e.g. /login) never load ECharts.

registerEChartsParts([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  LegendScrollComponent,
  VisualMapContinuousComponent,
  DataZoomInsideComponent,
  CanvasRenderer,
]);

export { init };
