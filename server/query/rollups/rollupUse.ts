import type { RollupShape } from '../../../common/api/rollups';
import type { UsableRollup } from './matchRollup';

// The rollups of a dataset as the query engine reads them from the catalog, which of them
// queries may read at an instant, and how many of a dataset's queries each answered (counted
// by this server since it started).

export interface KnownRollup {
  id: number;
  name: string;
  tableName: string;
  shape: RollupShape;
  status: string;
  rowCount: number | null;
  /** When it passes its freshness limit (ms since the epoch); null when never built. */
  freshUntil: number | null;
}

/** Those built from the current rows and within their freshness limit at `now`. */
export function usableAt(rollups: KnownRollup[], now: number): UsableRollup[] {
  return rollups
    .filter((rollup) => rollup.status === 'ready' && rollup.freshUntil !== null)
    .filter((rollup) => rollup.freshUntil! > now && rollup.rowCount !== null)
    .map(({ id, name, tableName, shape, rowCount }) => ({
      id,
      name,
      tableName,
      shape,
      rowCount: rowCount!,
    }));
}

export interface DatasetRollupUse {
  queries: number;
  /** Queries answered, by rollup id. */
  answered: Map<number, number>;
}

/** Most datasets whose counts are kept, the least recently queried forgotten first. */
const KEPT_DATASETS = 10_000;

export class RollupUse {
  private readonly datasets = new Map<string, DatasetRollupUse>();

  /** A query of the dataset ran, from rollup `rollupId` or (undefined) from its rows. */
  count(accountId: number, datasetId: number, rollupId: number | undefined): void {
    const key = `${accountId}|${datasetId}`;
    const use = this.datasets.get(key) ?? { queries: 0, answered: new Map() };
    this.datasets.delete(key);
    this.datasets.set(key, use);
    use.queries += 1;
    if (rollupId !== undefined) use.answered.set(rollupId, (use.answered.get(rollupId) ?? 0) + 1);
    if (this.datasets.size > KEPT_DATASETS) {
      this.datasets.delete(this.datasets.keys().next().value!);
    }
  }

  of(accountId: number, datasetId: number): DatasetRollupUse {
    return this.datasets.get(`${accountId}|${datasetId}`) ?? { queries: 0, answered: new Map() };
  }
}
