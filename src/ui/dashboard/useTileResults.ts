import { useEffect, useState } from 'react';
import type { QueryResult } from '../../model/analytics';
import type {
  DashboardFilter,
  DashboardFilterValue,
  DashboardTile,
  SavedChart,
} from '../../model/charts';
import { CancelledError } from '../api/httpClient';
import type { CrossFilter } from './tileQueries';
import type { TileRunner } from './tileRunners';

// Runs the query of every chart tile at once (not one after another), keeps each tile's
// loading/result/error apart, and runs them again when the filters change, on refresh, and
// every `refreshSeconds`.

export interface TileData {
  loading: boolean;
  result?: QueryResult;
  error?: string;
}

interface TileResultsInput {
  tiles: DashboardTile[];
  charts: Map<number, SavedChart>;
  filters: DashboardFilter[];
  values: DashboardFilterValue[];
  cross: CrossFilter | null;
  runner: TileRunner;
  refreshSeconds: number;
  /** changing it runs every query again (the Refresh button) */
  refreshKey: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useTileResults(input: TileResultsInput) {
  const { tiles, charts, filters, values, cross, runner, refreshSeconds, refreshKey } = input;
  const [data, setData] = useState<Record<string, TileData>>({});
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (refreshSeconds <= 0) return undefined;
    const timer = setInterval(() => setRound((n) => n + 1), refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds]);

  // The key of what the queries depend on: a layout move alone does not run them again.
  const chartTiles = tiles.filter((tile) => tile.kind === 'chart' && tile.chartId !== undefined);
  const dependency = JSON.stringify([
    chartTiles.map((tile) => [tile.id, tile.chartId]),
    [...charts.keys()],
    filters,
    values,
    cross,
    round,
    refreshKey,
  ]);

  useEffect(() => {
    const controller = new AbortController();
    const update = (id: string, next: TileData) =>
      setData((current) => ({ ...current, [id]: next }));
    for (const tile of chartTiles) {
      const chart = charts.get(tile.chartId!);
      if (!chart) continue;
      setData((current) => ({ ...current, [tile.id]: { ...current[tile.id], loading: true } }));
      runner
        .run({ chart, filters, values, cross, signal: controller.signal })
        .then((result) => update(tile.id, { loading: false, result }))
        .catch((error: unknown) => {
          if (error instanceof CancelledError || controller.signal.aborted) return;
          update(tile.id, { loading: false, error: errorText(error) });
        });
    }
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dependency, runner]);

  return { data };
}
