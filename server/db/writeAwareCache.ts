import { LRUCache } from 'lru-cache';
import type { TableWriteWatcher } from './tableWrites';

interface WriteAwareCacheOptions {
  /** The tables the cached values are read from: a write to any of them empties the cache. */
  tables: readonly string[];
  ttlMs: number;
  maxEntries: number;
}

/**
 * A small in-memory cache of metadata rows, emptied the moment one of the tables they come
 * from is written (the store's TableWriteWatcher counts this process's writes, and with
 * REDIS_URL those of the other instances over the same store), else kept for `ttlMs`.
 *
 * The TTL bounds staleness when another process writes the store unheard (no REDIS_URL, or
 * Redis away): keep it to a few seconds. Without a watcher nothing is cached.
 */
export class WriteAwareCache<V> {
  /** The most recently used entries (at most maxEntries), each with the end of its life. */
  readonly #entries: LRUCache<string, { value: V; expiresAt: number }>;
  #version = -1;

  constructor(
    private readonly watcher: TableWriteWatcher | undefined,
    private readonly options: WriteAwareCacheOptions,
  ) {
    this.#entries = new LRUCache({ max: options.maxEntries });
  }

  /** The cached value of `key`, else `load()`'s (kept unless a write happened meanwhile). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.watcher) return load();
    const version = this.watcher.version(this.options.tables);
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    if (this.watcher.version(this.options.tables) === version) this.#store(key, value, now);
    return value;
  }

  /** Forgets every entry (a change the table writes do not show, e.g. a source's data). */
  clear(): void {
    this.#entries.clear();
  }

  #store(key: string, value: V, now: number): void {
    this.#entries.set(key, { value, expiresAt: now + this.options.ttlMs });
  }
}
