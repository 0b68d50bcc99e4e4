import { useEffect, useId, useRef } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { QueryResult } from '../../../common/analytics';
import type {
  DashboardFilter,
  DashboardFilterValue,
  DashboardTile,
  SavedChart,
} from '../../../common/charts';
import { CancelledError } from '../api/httpClient';
import type { DrillStep } from '../../../common/drill';
import type { CrossFilter } from './tileQueries';
import type { TileRunner } from './tileRunners';

// Runs the query of every chart tile at once (not one after another), keeps each tile's
// loading/result/error apart, and runs them again when the filters change, on refresh, and
// every `refreshSeconds`: one TanStack query per tile, keyed on its chart and the filters.

const NO_DRILL: DrillStep[] = [];

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
  /** each drilled chart's steps, by chart id */
  drills: ReadonlyMap<number, DrillStep[]>;
  runner: TileRunner;
  refreshSeconds: number;
  /** changing it runs every query again (the Refresh button) */
  refreshKey: number;
}

/** The cached answers of this dashboard view's tiles, apart from any other view's. */
function useTileKeyRoot() {
  return ['dashboardTile', useId()] as const;
}

export function useTileResults(input: TileResultsInput) {
  const { tiles, charts, filters, values, cross, drills, runner, refreshSeconds, refreshKey } =
    input;
  const keyRoot = useTileKeyRoot();
  const queryClient = useQueryClient();
  // Each tile's last answer, shown while its query for new filter values is asked (useQueries
  // makes a new observer for a new key, so keepPreviousData would have nothing to keep).
  const lastResults = useRef(new Map<string, QueryResult>());

  const chartTiles = tiles.filter((tile) => tile.kind === 'chart' && tile.chartId !== undefined);
  const results = useQueries({
    queries: chartTiles.map((tile) => {
      const chart = charts.get(tile.chartId!);
      const drill = drills.get(tile.chartId!) ?? NO_DRILL;
      return {
        // What the query depends on: a layout move alone does not run it again.
        queryKey: [...keyRoot, tile.id, tile.chartId, filters, values, cross, drill],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          runner.run({ chart: chart!, filters, values, cross, drill, signal }),
        enabled: chart !== undefined,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
        refetchIntervalInBackground: true,
        placeholderData: () => lastResults.current.get(tile.id),
      } as const;
    }),
  });

  // The Refresh button: every tile asks again (a query still running is cancelled first).
  const refreshed = useRef(refreshKey);
  useEffect(() => {
    if (refreshed.current === refreshKey) return;
    refreshed.current = refreshKey;
    void queryClient.invalidateQueries({ queryKey: keyRoot });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey, queryClient]);

  const data: Record<string, TileData> = {};
  chartTiles.forEach((tile, index) => {
    const answer = results[index];
    if (!charts.has(tile.chartId!)) return;
    // A call cancelled from elsewhere (sign-out) is no failure to show.
    const failed = answer.isError && !(answer.error instanceof CancelledError);
    data[tile.id] = {
      loading: answer.isFetching || answer.isPending,
      result: failed ? undefined : answer.data,
      error: failed ? errorText(answer.error) : undefined,
    };
  });
  useEffect(() => {
    chartTiles.forEach((tile, index) => {
      const result = results[index].data;
      if (result && !results[index].isPlaceholderData) lastResults.current.set(tile.id, result);
    });
  });

  return { data };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
