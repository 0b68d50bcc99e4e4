import { Suspense, lazy } from 'react';
import { LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueryResult } from '../../../common/analytics';
import type { Annotation } from '../../../common/api/annotations';
import type { ChartSpec } from '../../../common/charts';
import type { ChartSelection } from '../charts/options/types';
import type { PngSource } from '../charts/exporters';
import { TileErrorBoundary } from './TileErrorBoundary';
import { reloadOnStaleChunk } from '../navigation/staleChunk';

// The chart of a tile, loaded on first use so the dashboards list and the shared page's
// first paint do not wait for ECharts.

export type { ChartSelection };

const loadChart = reloadOnStaleChunk(() => import('../charts/Chart'));
const Chart = lazy(() => loadChart().then((module) => ({ default: module.Chart })));

/**
 * Starts fetching the chart code and ECharts while the dashboard itself still loads, so the
 * first tile does not wait for them after its data has arrived.
 */
export function preloadCharts(): void {
  void loadChart();
  void import('../charts/echarts');
}

interface LazyChartProps {
  spec: ChartSpec;
  result?: QueryResult;
  loading: boolean;
  error: string | null;
  onSelect?: (selection: ChartSelection) => void;
  /** the ECharts instance once drawn (PNG export), null when gone */
  onInstance?: (instance: PngSource | null) => void;
  /** events marked on a time chart */
  annotations?: Annotation[];
}

export function LazyChart(props: LazyChartProps) {
  const translate = useTranslate();
  return (
    <TileErrorBoundary label={translate('dashboards.tile.drawFailed')}>
      <Suspense fallback={<LinearProgress />}>
        <Chart {...props} />
      </Suspense>
    </TileErrorBoundary>
  );
}
