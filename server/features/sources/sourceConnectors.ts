import type { FastifyInstance } from 'fastify';
import type { SourceType } from '../../../src/model/analytics';
import { openConnector } from '../../engines';
import type { Warehouse } from '../../engines/duckdbWarehouse';
import {
  closeWarehouse,
  withWarehouse,
  type WarehousePolicy,
} from '../../engines/warehouseRegistry';
import type { AnalyticsSettings } from './analyticsSettings';
import {
  connectorContext,
  sourceToOpen,
  type DataSourceRow,
  type SourceConnector,
} from './repository';

// The open connectors of this server: one per source, opened on first use and kept until the
// source changes; and the DuckDB warehouses it used (warehouseRegistry.ts closes them when
// idle or beyond its cap). All are closed with the server.

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
  /** Accounts whose DuckDB warehouse this server opened. */
  readonly #warehouses = new Set<number>();

  /** Read on every use: tests may change the settings of a running server. */
  constructor(private readonly settings: () => AnalyticsSettings) {}

  /**
   * Runs `work` on the account's DuckDB warehouse (shared per file by the process), kept open
   * until it ends; the warehouse is not to be kept after.
   */
  withWarehouse<T>(accountId: number, work: (warehouse: Warehouse) => Promise<T>): Promise<T> {
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
    if (row.type === 'duckdb') this.#warehouses.add(row.account_id);
    const opening = (async () => {
      const connector = await openConnector(
        sourceToOpen(row, settings.appSecret),
        connectorContext(settings, row.account_id),
      );
      return { connector, sourceType: row.type as SourceType };
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
    const { dataDir } = this.settings();
    await Promise.all(accounts.map((accountId) => closeWarehouse(dataDir, accountId)));
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
