import type { SemanticQuery } from '../../../common/analytics';
import type { DatasetRecord } from '../../../common/api/datasets';
import type { DrillContextAnswer } from '../../../common/api/drill';
import type { SavedChart } from '../../../common/charts';
import {
  checkDrillPath,
  DrillError,
  drillContextOf,
  drilledQuery,
  type DrillStep,
} from '../../../common/drill';
import { badRequest } from '../../errors';

// Drilling through a share link or an embed: the viewer may go down the hierarchies of a
// chart's dataset (finer dates, the next field of a declared path), each step narrowing to
// the value clicked; nothing else of the dataset is opened to them.

/** A shared chart's query after the viewer's drill steps (400 naming a step it cannot take). */
export function sharedDrilledQuery(
  query: SemanticQuery,
  steps: DrillStep[],
  dataset: DatasetRecord,
): SemanticQuery {
  try {
    checkDrillPath(query, steps, drillContextOf(dataset));
  } catch (error) {
    if (error instanceof DrillError) throw badRequest(error.message, 'drill');
    throw error;
  }
  return drilledQuery(query, steps);
}

/** What a link's page needs to offer drilling on each dataset of its charts. */
export function sharedDrillContexts(
  charts: SavedChart[],
  datasets: DatasetRecord[],
): DrillContextAnswer[] {
  return datasets.map((dataset) => {
    const shown = new Set(
      charts
        .filter((chart) => chart.spec.query.datasetId === dataset.id)
        .flatMap((chart) => chart.spec.query.dimensions.map((dimension) => dimension.field)),
    );
    return { datasetId: dataset.id, ...drillContextOf(dataset, shown) };
  });
}
