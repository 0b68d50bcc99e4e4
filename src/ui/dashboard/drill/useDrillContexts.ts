import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { DrillContextAnswer } from '../../../../common/api/drill';
import type { SavedChart } from '../../../../common/charts';
import type { DrillContext } from '../../../../common/drill';
import type { TileRunner } from '../tileRunners';

// What drilling needs of each dataset a dashboard's charts read: given by a link's or an
// embed's answer, else read by the runner (signed in: the dataset itself).

export function useDrillContexts(
  runner: TileRunner,
  charts: SavedChart[],
  given: DrillContextAnswer[] | undefined,
): Map<number, DrillContext> {
  const datasetIds = [...new Set(charts.map((chart) => chart.spec.query.datasetId))].sort();
  const reads = given === undefined && runner.drillContext !== undefined;
  const answers = useQueries({
    queries: datasetIds.map((datasetId) => ({
      queryKey: ['drillContext', datasetId],
      queryFn: ({ signal }: { signal: AbortSignal }) => runner.drillContext!(datasetId, signal),
      enabled: reads,
      retry: false,
      staleTime: 60_000,
    })),
  });
  const read = answers.map((answer) => answer.data);
  const signature = JSON.stringify([given, read]);
  return useMemo(() => {
    if (given) return new Map(given.map(({ datasetId, ...context }) => [datasetId, context]));
    const contexts = new Map<number, DrillContext>();
    read.forEach((context, index) => {
      if (context) contexts.set(datasetIds[index], context);
    });
    return contexts;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the contexts' content decides
  }, [signature]);
}
