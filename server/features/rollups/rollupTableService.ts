import type { FastifyInstance } from 'fastify';
import { tableKeyOf } from '../../../common/api/rowPolicies';
import {
  markDataChanged,
  tableDatasetsOfSource,
  type DataChange,
  type RollupRow,
} from './repository';
import { queueRollupBuilds } from './buildRollup';

// A warehouse table's rows change (an upload replaces or appends to it, its column types
// change, a survey answer is added): the rollups of datasets over it are marked before the
// change, so no query reads them while or after it happens, and are refreshed by jobs once
// it is done.

const ROLLUP_TABLE = /^__rollup_\d+$/;

/** Whether `table` is a rollup's own (it goes with its rollup, never by hand). */
export function isRollupTable(table: string): boolean {
  return ROLLUP_TABLE.test(table);
}

/** Marks the rollups over `table` as changing; answers them, to refresh once the change is done. */
export async function rollupsGoingStale(
  app: FastifyInstance,
  accountId: number,
  sourceId: number,
  table: string,
  change: DataChange = 'replaced',
): Promise<RollupRow[]> {
  const key = tableKeyOf(table);
  const datasets = await tableDatasetsOfSource(app.db, accountId, sourceId);
  const over = datasets.filter((dataset) => tableKeyOf(dataset.table) === key);
  return markDataChanged(
    app.db,
    accountId,
    over.map((dataset) => dataset.id),
    change,
  );
}

/** Queues the rebuild of rollups made stale by a change now done. */
export function rebuildStale(app: FastifyInstance, rows: RollupRow[]): Promise<void> {
  return queueRollupBuilds(app, rows);
}
