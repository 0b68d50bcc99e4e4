import { clickhouseWarehouseStore } from './clickhouse/warehouse';
import type { ClickhouseWarehouseConfig } from '../config';
import type { ConnectorContext } from './connector';
import { limitSettings, warehouseTempDir } from './duckdb/limits';
import { stagingDir } from './duckdb/warehouse';
import { duckdbWarehouseStore } from './duckdb/warehouseStore';
import type { WarehouseStore } from './tenantWarehouse';
import type { WarehousePolicy } from './duckdb/warehouseRegistry';

// The one choice of where tenants' warehouses live, made once from the configuration:
// WAREHOUSE_URL=clickhouse://… puts them in ClickHouse, else each is a DuckDB file (default).

export interface WarehouseStoreSettings {
  dataDir: string;
  appSecret: string;
  policy: WarehousePolicy;
  context: (accountId: number) => ConnectorContext;
}

export function createWarehouseStore(
  clickhouse: ClickhouseWarehouseConfig | undefined,
  settings: () => WarehouseStoreSettings,
): WarehouseStore {
  if (!clickhouse) return duckdbWarehouseStore(settings);
  return clickhouseWarehouseStore(clickhouse, () => {
    const { dataDir, appSecret, policy } = settings();
    return {
      appSecret,
      staging: (accountId) => stagingDir(dataDir, accountId),
      // Reading an upload takes what a tenant's DuckDB warehouse may take.
      scratchSettings: (accountId) =>
        policy.limits ? limitSettings(policy.limits, warehouseTempDir(dataDir, accountId)) : {},
    };
  });
}
