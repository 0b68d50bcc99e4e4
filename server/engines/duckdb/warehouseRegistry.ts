import {
  defaultWarehouseCache,
  defaultWarehouseLimits,
  type WarehouseCacheSettings,
  type WarehouseLimits,
} from '../../config';
import { createWarehouse, warehouseFile, type Warehouse } from './warehouse';

// The open DuckDB warehouses of the process, as a cache: a tenant's warehouse opens on first
// use and closes when unused for the idle time, or when more than the cap are open (least
// recently used first). One in use (a pinned use, or a connection lent out) is never closed;
// it is skipped, so the cap may be passed for a while. A closed warehouse reopens on its next
// use: callers take one for a use (withWarehouse) and never keep it.

/** What a caller asks of the warehouses: limits of one it opens, and the cache's bounds. */
export interface WarehousePolicy {
  limits?: WarehouseLimits;
  cache?: WarehouseCacheSettings;
}

interface OpenEntry {
  file: string;
  opening: Promise<Warehouse>;
  /** Set once opened. */
  warehouse?: Warehouse;
  /** Uses under way (withWarehouse): it stays open until they end. */
  users: number;
  idleMs: number;
  idleTimer?: NodeJS.Timeout;
  /** DuckDB threads it was opened with. */
  threads: number;
}

/** How long warehouses beyond the cap stay open after the use that passed it. */
const EVICTION_DELAY_MS = 100;

class WarehouseRegistry {
  /** Map order is recency order: the first entry is the least recently used. */
  readonly #open = new Map<string, OpenEntry>();
  /** Files being closed: a reopen waits for the close (DuckDB allows one instance a file). */
  readonly #closing = new Map<string, Promise<void>>();
  #evictionDue: NodeJS.Timeout | undefined;
  /** The bounds last asked for (a use without them keeps them). */
  #cache: WarehouseCacheSettings = defaultWarehouseCache();

  get openCount(): number {
    return this.#open.size;
  }

  isOpen(file: string): boolean {
    return this.#open.has(file);
  }

  async use<T>(
    dataDir: string,
    accountId: number,
    policy: WarehousePolicy,
    work: (warehouse: Warehouse) => Promise<T>,
  ): Promise<T> {
    const entry = this.#enter(dataDir, accountId, policy);
    try {
      return await work(await this.#opened(entry));
    } finally {
      this.#leave(entry);
    }
  }

  async close(file: string): Promise<void> {
    const entry = this.#open.get(file);
    if (entry) await this.#close(entry);
    else await this.#closing.get(file);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.#open.values()];
    await Promise.all([...entries.map((entry) => this.#close(entry)), ...this.#closing.values()]);
  }

  #enter(dataDir: string, accountId: number, policy: WarehousePolicy): OpenEntry {
    if (!Number.isInteger(accountId) || accountId <= 0) {
      throw new Error(`Bad account id ${accountId}.`);
    }
    if (policy.cache) this.#cache = policy.cache;
    const cache = this.#cache;
    const file = warehouseFile(dataDir, accountId);
    let entry = this.#open.get(file);
    if (entry) {
      this.#open.delete(file);
    } else {
      const limits = this.#threadsNow(
        policy.limits ?? defaultWarehouseLimits(dataDir, cache.maxOpen),
      );
      const previousClose = this.#closing.get(file) ?? Promise.resolve();
      const opening = previousClose.then(() => createWarehouse(dataDir, accountId, limits));
      entry = { file, opening, users: 0, idleMs: cache.idleMs, threads: limits.threads };
    }
    this.#open.set(file, entry);
    entry.users++;
    entry.idleMs = cache.idleMs;
    clearTimeout(entry.idleTimer);
    return entry;
  }

  /** `limits` with one thread when as many warehouses as may have more are open with more. */
  #threadsNow(limits: WarehouseLimits): WarehouseLimits {
    const multiThreaded = [...this.#open.values()].filter((entry) => entry.threads > 1).length;
    if (multiThreaded < (limits.multiThreadedOpen ?? Infinity)) return limits;
    return { ...limits, threads: 1 };
  }

  async #opened(entry: OpenEntry): Promise<Warehouse> {
    try {
      entry.warehouse = await entry.opening;
    } catch (error) {
      // A failed open is not kept: the next use tries again.
      if (this.#open.get(entry.file) === entry) this.#open.delete(entry.file);
      throw error;
    }
    return entry.warehouse;
  }

  #leave(entry: OpenEntry): void {
    entry.users--;
    if (this.#open.get(entry.file) !== entry) return;
    this.#closeBeyondCapSoon();
    if (entry.users === 0) this.#closeWhenIdle(entry);
  }

  /**
   * Closing a warehouse checkpoints it and frees its memory on this thread: done a moment
   * later, for all beyond the cap at once, so that neither the use which opened one more nor
   * the request after it waits for that.
   */
  #closeBeyondCapSoon(): void {
    if (this.#open.size <= this.#cache.maxOpen || this.#evictionDue) return;
    this.#evictionDue = setTimeout(() => {
      this.#evictionDue = undefined;
      this.#closeBeyondCap();
    }, EVICTION_DELAY_MS);
    this.#evictionDue.unref();
  }

  #isFree(entry: OpenEntry): boolean {
    return entry.users === 0 && entry.warehouse !== undefined && !entry.warehouse.inUse;
  }

  #closeBeyondCap(): void {
    let excess = this.#open.size - this.#cache.maxOpen;
    for (const entry of this.#open.values()) {
      if (excess <= 0) return;
      if (this.#isFree(entry)) {
        void this.#close(entry);
        excess--;
      }
    }
  }

  #closeWhenIdle(entry: OpenEntry): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (this.#open.get(entry.file) !== entry || entry.users > 0) return;
      // A connection taken without a pinned use (openWarehouse) is still lent out: look again.
      if (this.#isFree(entry)) void this.#close(entry);
      else this.#closeWhenIdle(entry);
    }, entry.idleMs);
    entry.idleTimer.unref();
  }

  #close(entry: OpenEntry): Promise<void> {
    if (this.#open.get(entry.file) === entry) this.#open.delete(entry.file);
    clearTimeout(entry.idleTimer);
    const closing = entry.opening
      .then(
        (warehouse) => warehouse.close(),
        () => undefined,
      )
      .finally(() => {
        if (this.#closing.get(entry.file) === closing) this.#closing.delete(entry.file);
      });
    this.#closing.set(entry.file, closing);
    return closing;
  }
}

const registry = new WarehouseRegistry();

/**
 * Runs `work` on the tenant's warehouse, opened (or reopened) for it and kept open until it
 * ends. The warehouse is for this use only: the next use may get another instance.
 */
export function withWarehouse<T>(
  dataDir: string,
  accountId: number,
  policy: WarehousePolicy,
  work: (warehouse: Warehouse) => Promise<T>,
): Promise<T> {
  return registry.use(dataDir, accountId, policy, work);
}

/**
 * The tenant's warehouse for one step right away (a script or a test filling it). It may be
 * closed once idle or beyond the cap; work over several steps uses withWarehouse.
 */
export function openWarehouse(
  dataDir: string,
  accountId: number,
  limits?: WarehouseLimits,
): Promise<Warehouse> {
  return registry.use(dataDir, accountId, { limits }, async (warehouse) => warehouse);
}

export function closeWarehouse(dataDir: string, accountId: number): Promise<void> {
  return registry.close(warehouseFile(dataDir, accountId));
}

/** Closes every open warehouse at once (server shutdown, end of a test run). */
export function closeAllWarehouses(): Promise<void> {
  return registry.closeAll();
}

/** How many warehouses the process has open (tests, bench). */
export function openWarehouseCount(): number {
  return registry.openCount;
}

/** Whether the tenant's warehouse is open now (tests). */
export function isWarehouseOpen(dataDir: string, accountId: number): boolean {
  return registry.isOpen(warehouseFile(dataDir, accountId));
}
