import type { FastifyInstance } from 'fastify';
import type { SourceType } from '../../../common/analytics';
import { isSourceType, sourceTypeInfo } from '../../../common/sourceTypes';
import { openConnector } from '../../engines';
import type { Warehouse } from '../../engines/duckdb/warehouse';
import type { TenantWarehouse, WarehouseStore } from '../../engines/tenantWarehouse';
import { withWarehouse, type WarehousePolicy } from '../../engines/duckdb/warehouseRegistry';
import { createWarehouseStore } from '../../engines/warehouseStores';
import type { AnalyticsSettings } from './analyticsSettings';
import {
  connectorContext,
  sourceToOpen,
  type DataSourceRow,
  type SourceConnector,
} from './repository';

// The open connectors of this server: one per source, opened on first use and kept until the
// source changes; and the tenants' warehouses (engines/tenantWarehouse.ts): DuckDB files
// (warehouseRegistry.ts closes them when idle or beyond its cap) or, with WAREHOUSE_URL, one
// ClickHouse database each. All are closed with the server.

interface CachedConnector {
  accountId: number;
  /** updated_at of the row it was opened for: a changed source opens a new connector. */
  version: string;
  opening: Promise<SourceConnector>;
}

async function closeQuietly(entry: CachedConnector): Promise<void> {
  try {
    await (await entry.opening).connector.close();
  } catch {
    // It never opened, or is already closed.
  }
}

export class SourceConnectors {
  readonly #connectors = new Map<number, CachedConnector>();
  /** Accounts whose warehouse this server used. */
  readonly #warehouses = new Set<number>();
  /** Where the warehouses live: chosen once, from the configuration. */
  readonly warehouses: WarehouseStore;

  /** Read on every use: tests may change the settings of a running server. */
  constructor(private readonly settings: () => AnalyticsSettings) {
    this.warehouses = createWarehouseStore(settings().clickhouseWarehouse, () => {
      const current = this.settings();
      return {
        dataDir: current.dataDir,
        appSecret: current.appSecret,
        policy: this.#policy(),
        context: (accountId) => connectorContext(current, accountId),
      };
    });
  }

  /**
   * Runs `work` on the account's warehouse, whichever engine holds it; the warehouse is not to
   * be kept after.
   */
  useWarehouse<T>(accountId: number, work: (warehouse: TenantWarehouse) => Promise<T>): Promise<T> {
    this.#warehouses.add(accountId);
    return this.warehouses.use(accountId, work);
  }

  /**
   * Runs `work` on the account's DuckDB warehouse itself (its connections), kept open until it
   * ends: for DuckDB-only work (tests, tools). Refused when the warehouses are in ClickHouse.
   */
  withWarehouse<T>(accountId: number, work: (warehouse: Warehouse) => Promise<T>): Promise<T> {
    if (this.warehouses.engine !== 'duckdb') {
      throw new Error('The warehouses are in ClickHouse (WAREHOUSE_URL), not DuckDB files.');
    }
    this.#warehouses.add(accountId);
    return withWarehouse(this.settings().dataDir, accountId, this.#policy(), work);
  }

  /** Opens (or reuses) the connector of a source row already checked to be the account's. */
  forRow(row: DataSourceRow): Promise<SourceConnector> {
    const cache = this.#connectors;
    const cached = cache.get(row.id);
    if (cached && cached.accountId === row.account_id && cached.version === row.updated_at) {
      return cached.opening;
    }
    if (cached) void closeQuietly(cached);
    const settings = this.settings();
    const warehouse = isSourceType(row.type) && sourceTypeInfo(row.type).connection === 'warehouse';
    if (warehouse) this.#warehouses.add(row.account_id);
    const opening = (async () => {
      const connector = warehouse
        ? await this.warehouses.openConnector(row.account_id)
        : await openConnector(
            sourceToOpen(row, settings.appSecret),
            connectorContext(settings, row.account_id),
          );
      // The warehouse source's queries are compiled for the engine that holds it.
      return { connector, sourceType: connector.dialect as SourceType };
    })();
    const entry = { accountId: row.account_id, version: row.updated_at, opening };
    cache.set(row.id, entry);
    // A failed open is not cached: the next call tries again.
    opening.catch(() => {
      if (cache.get(row.id) === entry) cache.delete(row.id);
    });
    return opening;
  }

  /** Closes the kept connector of a source (after an update or delete). */
  async forget(sourceId: number): Promise<void> {
    const entry = this.#connectors.get(sourceId);
    this.#connectors.delete(sourceId);
    if (entry) await closeQuietly(entry);
  }

  /** Closes every kept connector and, all at once, the warehouses this server used (shutdown). */
  async closeAll(): Promise<void> {
    const entries = [...this.#connectors.values()];
    this.#connectors.clear();
    await Promise.all(entries.map(closeQuietly));
    const accounts = [...this.#warehouses];
    this.#warehouses.clear();
    await this.warehouses.close(accounts);
  }

  #policy(): WarehousePolicy {
    const { warehouseLimits, warehouseCache } = this.settings();
    return { limits: warehouseLimits, cache: warehouseCache };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The open connectors of the data sources and the DuckDB warehouses. */
    sourceConnectors: SourceConnectors;
  }
}

/** Decorates `app.sourceConnectors` (after app.analyticsSettings); closes them with the app. */
export function registerSourceConnectors(app: FastifyInstance): void {
  const connectors = new SourceConnectors(() => app.analyticsSettings);
  app.decorate('sourceConnectors', connectors);
  app.addHook('onClose', async () => {
    await connectors.closeAll();
  });
}
