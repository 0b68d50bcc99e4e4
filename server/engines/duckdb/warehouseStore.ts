import { rm, stat } from 'node:fs/promises';
import type { ConnectorContext } from '../connector';
import { openDuckdbConnector } from './connector';
import { warehouseFile } from './warehouse';
import type { WarehouseStore } from '../tenantWarehouse';
import { closeWarehouse, withWarehouse, type WarehousePolicy } from './warehouseRegistry';

// The embedded default: each tenant's warehouse is the DuckDB file
// DATA_DIR/warehouses/<accountId>.duckdb, opened and closed by warehouseRegistry.ts.

/** What the store reads on every use (tests may change a running server's settings). */
export interface DuckdbStoreSettings {
  dataDir: string;
  policy: WarehousePolicy;
  context: (accountId: number) => ConnectorContext;
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

export function duckdbWarehouseStore(settings: () => DuckdbStoreSettings): WarehouseStore {
  return {
    engine: 'duckdb',
    use(accountId, work) {
      const { dataDir, policy } = settings();
      return withWarehouse(dataDir, accountId, policy, work);
    },
    openConnector: (accountId) => openDuckdbConnector(settings().context(accountId)),
    async storageBytes(accountId) {
      const file = warehouseFile(settings().dataDir, accountId);
      return (await fileSize(file)) + (await fileSize(`${file}.wal`));
    },
    release: (accountId) => closeWarehouse(settings().dataDir, accountId),
    async remove(accountId) {
      const { dataDir } = settings();
      await closeWarehouse(dataDir, accountId);
      const file = warehouseFile(dataDir, accountId);
      await rm(file, { force: true });
      await rm(`${file}.wal`, { force: true });
    },
    async close(accountIds) {
      const { dataDir } = settings();
      await Promise.all(accountIds.map((accountId) => closeWarehouse(dataDir, accountId)));
    },
  };
}
