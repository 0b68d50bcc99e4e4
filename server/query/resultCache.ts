import type { QueryResult } from '../../common/analytics';
import { sharedResultCacheBudget, type ResultCacheBudget } from './resultCacheBudget';

// Query results kept per tenant: least recently used first out, each entry living `ttlMs`,
// and each tenant's entries bounded in bytes (estimated from the result's JSON) so one
// tenant's big results never push out another's. All tenants' entries together are also
// bounded by a process-wide budget (resultCacheBudget.ts), which evicts across tenants.

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
  /** Map order is recency order: the first key is the least recently used. */
  entries: Map<string, Entry>;
  bytes: number;
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
    const tenant = this.tenants.get(accountId);
    const entry = tenant?.entries.get(key);
    if (!tenant || !entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(tenant, key);
      return undefined;
    }
    tenant.entries.delete(key);
    tenant.entries.set(key, entry);
    this.budget.touch(entry);
    return entry.result;
  }

  /** Stores a result; one larger than a tenant's whole bound (or the budget) is not kept. */
  set(accountId: number, key: string, result: QueryResult): void {
    if (this.options.ttlMs <= 0) return;
    const bytes = estimateBytes(result);
    if (bytes > this.options.maxBytesPerTenant || bytes > this.budget.maxBytes) return;
    let tenant = this.tenants.get(accountId);
    if (!tenant) {
      tenant = { entries: new Map(), bytes: 0, sweptAt: this.now() };
      this.tenants.set(accountId, tenant);
    }
    this.remove(tenant, key);
    const entry = { result, bytes, expiresAt: this.now() + this.options.ttlMs };
    tenant.entries.set(key, entry);
    tenant.bytes += bytes;
    this.evict(tenant);
    const owner = tenant;
    if (owner.entries.get(key) === entry) {
      this.budget.charge(entry, bytes, () => this.remove(owner, key));
    }
  }

  /** Drops a tenant's results of one source (its data or settings changed). */
  invalidateSource(accountId: number, sourceId: number): void {
    const tenant = this.tenants.get(accountId);
    if (!tenant) return;
    const prefix = `[${sourceId},`;
    for (const key of [...tenant.entries.keys()]) {
      if (key.startsWith(prefix)) this.remove(tenant, key);
    }
  }

  /** Drops every result of a tenant (the account was deleted). */
  forgetAccount(accountId: number): void {
    const tenant = this.tenants.get(accountId);
    if (!tenant) return;
    for (const key of [...tenant.entries.keys()]) this.remove(tenant, key);
    this.tenants.delete(accountId);
  }

  /** Drops every result (the cache is replaced, or its server closes). */
  clear(): void {
    for (const accountId of [...this.tenants.keys()]) this.forgetAccount(accountId);
  }

  /** Bytes and entries held for a tenant (tests and diagnostics). */
  usage(accountId: number): { entries: number; bytes: number } {
    const tenant = this.tenants.get(accountId);
    return { entries: tenant?.entries.size ?? 0, bytes: tenant?.bytes ?? 0 };
  }

  private remove(tenant: TenantEntries, key: string): void {
    const entry = tenant.entries.get(key);
    if (!entry) return;
    tenant.entries.delete(key);
    tenant.bytes -= entry.bytes;
    this.budget.release(entry);
  }

  /**
   * Expired entries out (every few seconds: a sweep walks all of the tenant's entries), then
   * the least recently used ones while the tenant is over its bound.
   */
  private evict(tenant: TenantEntries): void {
    const now = this.now();
    if (now - tenant.sweptAt >= SWEEP_EVERY_MS || tenant.bytes > this.options.maxBytesPerTenant) {
      tenant.sweptAt = now;
      for (const [key, entry] of tenant.entries) {
        if (entry.expiresAt <= now) this.remove(tenant, key);
      }
    }
    for (const key of tenant.entries.keys()) {
      if (tenant.bytes <= this.options.maxBytesPerTenant) break;
      this.remove(tenant, key);
    }
  }
}
