import type { QueryResult } from '../../../../common/analytics';
import type { Annotation } from '../../../../common/api/annotations';
import type { ChartSpec } from '../../../../common/charts';
import { withAnnotations } from './annotations';
import { buildCartesian } from './cartesian';
import { buildHeatmap } from './heatmap';
import { buildHistogram } from './histogram';
import { buildPie } from './pie';
import { buildPointMap } from './pointMap';
import { buildRegionMap } from './regionMap';
import { buildScatter } from './scatter';
import type { Geographies } from '../maps/geographies';
import type { BuiltChart, ChartOption, ChartTexts, ChartTheme, ColumnLabeler } from './types';

const rawName: ColumnLabeler = (column) => column;

/** What maps need beyond the result: the boundaries (loaded on demand) and tooltip words. */
export interface ChartExtras {
  geographies?: Geographies;
  texts?: ChartTexts;
  /** events marked on a time chart (ignored by other charts) */
  annotations?: Annotation[];
}

const PLAIN_TEXTS: ChartTexts = { points: (count) => String(count) };

/** Chart types drawn on a map: they wait for the boundaries (useGeographies). */
export function drawsOnMap(type: ChartSpec['type']): boolean {
  return type === 'regionMap' || type === 'pointMap';
}

/**
 * The ECharts option of a chart and how clicks map to selections. Table and kpi charts are
 * not drawn by ECharts (tableModel / kpiModel); they get an empty option.
 */
export function buildChart(
  spec: ChartSpec,
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler = rawName,
  extras: ChartExtras = {},
): BuiltChart {
  const built = buildUnannotated(spec, result, theme, labelOf, extras);
  return withAnnotations(built, spec, result, extras.annotations ?? [], theme);
}

function buildUnannotated(
  spec: ChartSpec,
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
  extras: ChartExtras,
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
    case 'regionMap':
      return buildRegionMap(
        { ...spec, type: spec.type },
        result,
        theme,
        labelOf,
        extras.geographies,
      );
    case 'pointMap':
      return buildPointMap(
        { ...spec, type: spec.type },
        result,
        theme,
        labelOf,
        extras.geographies,
        extras.texts ?? PLAIN_TEXTS,
      );
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
  extras?: ChartExtras,
): ChartOption {
  return buildChart(spec, result, theme, labelOf, extras).option;
}
