import { LARGE_SERIES_POINTS } from './types';

// Many points: down-sample lines (LTTB keeps the shape), draw scatters in bulk and
// progressively, never one symbol per point, so a million points draw without freezing.

export function largeSeriesSettings(
  kind: 'line' | 'scatter',
  points: number,
): Record<string, unknown> {
  if (points <= LARGE_SERIES_POINTS) return {};
  const bulk = {
    large: true,
    largeThreshold: LARGE_SERIES_POINTS,
    progressive: 20000,
    progressiveThreshold: LARGE_SERIES_POINTS,
    animation: false,
  };
  if (kind === 'line') {
    return { ...bulk, sampling: 'lttb', showSymbol: false, symbol: 'none' };
  }
  return { ...bulk, symbolSize: 3 };
}
