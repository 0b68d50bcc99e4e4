import { getMap, init, registerMap, use as registerEChartsParts } from 'echarts/core';
import {
  BarChart,
  HeatmapChart,
  LineChart,
  MapChart,
  PieChart,
  ScatterChart,
} from 'echarts/charts';
import {
  DataZoomInsideComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  LegendScrollComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { MapRegistration } from './options/types';

// Only the chart types and components the option builders use, canvas only. This module is
// loaded on demand by <Chart>, so pages without charts (e.g. /login) never load ECharts.

registerEChartsParts([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  HeatmapChart,
  MapChart,
  GeoComponent,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  LegendScrollComponent,
  MarkLineComponent,
  MarkAreaComponent,
  VisualMapContinuousComponent,
  DataZoomInsideComponent,
  CanvasRenderer,
]);

/** Registers the boundaries a map chart draws, once each (they are the product's, not data). */
export function registerMaps(maps: MapRegistration[]): void {
  for (const map of maps) {
    if (getMap(map.name)) continue;
    const source = { geoJSON: map.geoJSON, specialAreas: map.specialAreas ?? {} };
    registerMap(map.name, source as Parameters<typeof registerMap>[1]);
  }
}

export { init };
