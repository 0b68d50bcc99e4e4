import { LRUCache } from 'lru-cache';
import type { QueryResult } from '../../common/analytics';
import { sharedResultCacheBudget, type ResultCacheBudget } from './resultCacheBudget';

// Query results kept per tenant: least recently used first out, each entry living `ttlMs`,
// and each tenant's entries bounded in bytes (estimated from the result's JSON) so one
// tenant's big results never push out another's. All tenants' entries together are also
// bounded by a process-wide budget (resultCacheBudget.ts), which evicts across tenants.
// The recency and the byte bounds are lru-cache's; the entry's life is checked here, on the
// cache's own clock (tests move it), since lru-cache keeps an entry alive through the
// millisecond its TTL ends and tells no age on a clock at 0.

interface ResultCacheOptions {
  ttlMs: number;
  /** Bytes of cached results one tenant may hold. */
  maxBytesPerTenant: number;
  /** The budget of all caches together (default: the process-wide one). */
  budget?: ResultCacheBudget;
  /** Clock (tests move it to check expiry). */
  now?: () => number;
}

interface Entry {
  result: QueryResult;
  bytes: number;
  expiresAt: number;
}

interface TenantEntries {
  entries: LRUCache<string, Entry>;
  /** When the expired entries were last swept. */
  sweptAt: number;
}

interface CacheKeyParts {
  sourceId: number;
  sql: string;
  params: unknown[];
  /** Rows the caller allows: the same SQL with another row limit is another answer. */
  maxRows: number;
  /** When the dataset was last changed: its field types shape the cached answer. */
  datasetVersion?: string;
}

export function cacheKey(parts: CacheKeyParts): string {
  return JSON.stringify([
    parts.sourceId,
    parts.sql,
    parts.params,
    parts.maxRows,
    parts.datasetVersion ?? null,
  ]);
}

/** Memory of one cell: UTF-16 text, an 8-byte number, a pointer-sized small value. */
function cellBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (value === null || typeof value !== 'object') return 8;
  return (
    2 *
    JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner))
      .length
  );
}

/**
 * The memory a result takes, roughly: its cells one by one (strings at two bytes a character,
 * as in memory), plus a pointer for each. Walking the rows costs a tenth of serialising them.
 */
export function estimateBytes(result: QueryResult): number {
  let bytes = 2 * JSON.stringify(result.columns).length + 64;
  for (const row of result.rows) {
    bytes += 16 + 8 * row.length;
    for (const cell of row) bytes += cellBytes(cell);
  }
  return bytes;
}

/** A tenant's expired entries are swept at most this often (and when read). */
const SWEEP_EVERY_MS = 5_000;

export class ResultCache {
  private readonly tenants = new Map<number, TenantEntries>();
  private readonly now: () => number;
  private readonly budget: ResultCacheBudget;

  constructor(private readonly options: ResultCacheOptions) {
    this.now = options.now ?? Date.now;
    this.budget = options.budget ?? sharedResultCacheBudget;
  }

  get(accountId: number, key: string): QueryResult | undefined {
    const entries = this.tenants.get(accountId)?.entries;
    const entry = entries?.get(key);
    if (!entries || !entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      entries.delete(key);
      return undefined;
    }
    this.budget.touch(entry);
    return entry.result;
  }

  /** Stores a result; one larger than a tenant's whole bound (or the budget) is not kept. */
  set(accountId: number, key: string, result: QueryResult): void {
    if (this.options.ttlMs <= 0) return;
    const bytes = estimateBytes(result);
    if (bytes > this.options.maxBytesPerTenant || bytes > this.budget.maxBytes) return;
    const tenant = this.tenantOf(accountId);
    const entry = { result, bytes, expiresAt: this.now() + this.options.ttlMs };
    this.sweep(tenant, bytes);
    tenant.entries.set(key, entry);
    this.budget.charge(entry, bytes, () => tenant.entries.delete(key));
  }

  /** Drops a tenant's results of one source (its data or settings changed). */
  invalidateSource(accountId: number, sourceId: number): void {
    const entries = this.tenants.get(accountId)?.entries;
    if (!entries) return;
    const prefix = `[${sourceId},`;
    for (const key of [...entries.keys()]) {
      if (key.startsWith(prefix)) entries.delete(key);
    }
  }

  /** Drops every result of a tenant (the account was deleted). */
  forgetAccount(accountId: number): void {
    this.tenants.get(accountId)?.entries.clear();
    this.tenants.delete(accountId);
  }

  /** Drops every result (the cache is replaced, or its server closes). */
  clear(): void {
    for (const accountId of [...this.tenants.keys()]) this.forgetAccount(accountId);
  }

  /** Bytes and entries held for a tenant (tests and diagnostics). */
  usage(accountId: number): { entries: number; bytes: number } {
    const entries = this.tenants.get(accountId)?.entries;
    return { entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0 };
  }

  private tenantOf(accountId: number): TenantEntries {
    let tenant = this.tenants.get(accountId);
    if (!tenant) {
      const entries = new LRUCache<string, Entry>({
        maxSize: this.options.maxBytesPerTenant,
        sizeCalculation: (entry) => entry.bytes,
        // Replaced, evicted, expired or dropped: its bytes leave the shared budget too.
        dispose: (entry) => this.budget.release(entry),
      });
      tenant = { entries, sweptAt: this.now() };
      this.tenants.set(accountId, tenant);
    }
    return tenant;
  }

  /**
   * Expired entries out every few seconds (a sweep walks all of the tenant's entries), and
   * before `adding` bytes would push the tenant over its bound: they go before any entry in
   * use does (lru-cache then evicts the least recently used while over the bound).
   */
  private sweep(tenant: TenantEntries, adding: number): void {
    const now = this.now();
    const { entries } = tenant;
    const over = entries.calculatedSize + adding > this.options.maxBytesPerTenant;
    if (!over && now - tenant.sweptAt < SWEEP_EVERY_MS) return;
    tenant.sweptAt = now;
    for (const [key, entry] of [...entries.entries()]) {
      if (entry.expiresAt <= now) entries.delete(key);
    }
  }
}
