import { Box, LinearProgress, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { EChartsType } from 'echarts/core';
import type { QueryResult } from '../../../common/analytics';
import type { Annotation } from '../../../common/api/annotations';
import type { ChartSpec } from '../../../common/charts';
import { ChartCanvas } from './ChartCanvas';
import { ChartKpi } from './ChartKpi';
import { ChartMessage } from './ChartMessage';
import { ChartPivot } from './ChartPivot';
import { ChartTable } from './ChartTable';
import { kpiModel } from './kpiModel';
import { useGeographies } from './maps/useGeographies';
import { buildChart, drawsOnMap } from './options';
import type { BuiltChart, ChartSelection, ChartTexts, ChartTheme } from './options/types';
import { useChartTheme } from './useChartTheme';
import { useColumnLabeler } from './useColumnLabeler';

// A chart of a query result: ECharts canvas, table or kpi, with loading, empty and error
// states. `data-chart-state` says where it is ('drawn' once everything is painted).

export interface ChartProps {
  spec: ChartSpec;
  result?: QueryResult | null;
  loading?: boolean;
  error?: string | { message?: string } | null;
  /** a click on a bar, slice or point: its category field and value (cross-filtering) */
  onSelect?: (selection: ChartSelection) => void;
  /** CSS height; default: the height of the container */
  height?: number | string;
  /** override of the theme's colours (e.g. the brand of a shared dashboard) */
  theme?: ChartTheme;
  /** the ECharts instance once ready (chartToPng), null when gone */
  onInstance?: (instance: EChartsType | null) => void;
  /** events marked on a time chart (useChartAnnotations) */
  annotations?: Annotation[];
}

const LISTED_VALUES = 5;

/** The first few values, then an ellipsis: a caption stays on one line. */
function shortList(values: string[]): string {
  const listed = values.slice(0, LISTED_VALUES).join(', ');
  return values.length > LISTED_VALUES ? `${listed}, …` : listed;
}

/** Why a chart has nothing to draw: a map says what it needs, or which values it could not place. */
function incompleteMessage(
  spec: ChartSpec,
  built: BuiltChart | null,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (spec.type === 'regionMap' && built?.unplaced?.length) {
    return translate('chartView.map.noRegions', { values: shortList(built.unplaced) });
  }
  if (spec.type === 'regionMap') return translate('chartView.map.needsRegion');
  if (spec.type === 'pointMap') return translate('chartView.map.needsCoordinates');
  return translate('chartView.incomplete');
}

function errorMessage(error: ChartProps['error']): string | null {
  if (!error) return null;
  return typeof error === 'string' ? error : (error.message ?? '');
}

export function Chart({
  spec,
  result,
  loading = false,
  error,
  onSelect,
  height = '100%',
  theme,
  onInstance,
  annotations,
}: ChartProps) {
  const translate = useTranslate();
  const defaultTheme = useChartTheme();
  const chartTheme = theme ?? defaultTheme;
  const labelOf = useColumnLabeler(spec);
  const drawsCanvas = spec.type !== 'table' && spec.type !== 'kpi' && spec.type !== 'pivot';
  const onMap = drawsOnMap(spec.type);
  const maps = useGeographies(onMap);
  const geographies = maps.state === 'ready' ? maps.geographies : undefined;
  const texts = useMemo<ChartTexts>(
    () => ({ points: (count) => translate('chartView.map.points', { smart_count: count }) }),
    [translate],
  );
  const built = useMemo(
    () =>
      result && drawsCanvas && (!onMap || geographies)
        ? buildChart(spec, result, chartTheme, labelOf, { geographies, texts, annotations })
        : null,
    [spec, result, chartTheme, labelOf, drawsCanvas, onMap, geographies, texts, annotations],
  );

  const message =
    errorMessage(error) ??
    (maps.state === 'failed' ? translate('chartView.map.failed', { message: maps.message }) : null);
  if (message !== null) {
    return (
      <ChartMessage state="error" height={height} tone="error">
        {translate('chartView.error', { message: message || translate('chartView.unknownError') })}
      </ChartMessage>
    );
  }
  if (!result || (onMap && maps.state === 'loading')) {
    return (
      <ChartMessage state="loading" height={height}>
        {translate(result ? 'chartView.map.loading' : 'chartView.loading')}
      </ChartMessage>
    );
  }
  let content;
  if (result.rows.length === 0) {
    content = (
      <ChartMessage state="empty" height={height}>
        {translate('chartView.empty')}
      </ChartMessage>
    );
  } else if (spec.type === 'table') {
    content = <ChartTable spec={spec} result={result} height={height} labelOf={labelOf} />;
  } else if (spec.type === 'pivot') {
    content = <ChartPivot spec={spec} result={result} height={height} labelOf={labelOf} />;
  } else if (spec.type === 'kpi') {
    content = <ChartKpi model={kpiModel(spec, result, labelOf)} height={height} />;
  } else if (!built || built.option.series.length === 0) {
    content = (
      <ChartMessage state="incomplete" height={height}>
        {incompleteMessage(spec, built, translate)}
      </ChartMessage>
    );
  } else if (built.unplaced?.length) {
    content = (
      <Box sx={{ display: 'flex', flexDirection: 'column', height }}>
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <ChartCanvas built={built} height="100%" onSelect={onSelect} onInstance={onInstance} />
        </Box>
        <Typography variant="caption" color="text.secondary" noWrap data-map-unplaced>
          {translate('chartView.map.unplaced', {
            smart_count: built.unplaced.length,
            values: shortList(built.unplaced),
          })}
        </Typography>
      </Box>
    );
  } else {
    content = (
      <ChartCanvas built={built} height={height} onSelect={onSelect} onInstance={onInstance} />
    );
  }
  return (
    <Box sx={{ position: 'relative', height, width: '100%' }} aria-busy={loading}>
      {loading ? (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      ) : null}
      {content}
    </Box>
  );
}
