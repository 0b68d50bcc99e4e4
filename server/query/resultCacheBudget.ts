// One byte budget for the result caches of the whole process: every tenant's entries count
// against it, and when their sum passes it the least recently used entries go, whichever
// tenant (or server) holds them. Each tenant's own bound stays in ResultCache.

interface Charge {
  bytes: number;
  /** Drops the entry from its cache (which then calls release). */
  evict: () => void;
}

export class ResultCacheBudget {
  /** Map order is recency order: the first key is the least recently used entry. */
  readonly #charges = new Map<object, Charge>();
  #bytes = 0;

  constructor(public maxBytes: number) {}

  /** Bytes of all cached results together (tests, bench). */
  get bytes(): number {
    return this.#bytes;
  }

  get entries(): number {
    return this.#charges.size;
  }

  /** Counts a new entry, then evicts the least recently used ones beyond the budget. */
  charge(entry: object, bytes: number, evict: () => void): void {
    this.release(entry);
    this.#charges.set(entry, { bytes, evict });
    this.#bytes += bytes;
    for (const charge of this.#charges.values()) {
      if (this.#bytes <= this.maxBytes) break;
      charge.evict();
    }
  }

  /** The entry was read: the most recently used now. */
  touch(entry: object): void {
    const charge = this.#charges.get(entry);
    if (!charge) return;
    this.#charges.delete(entry);
    this.#charges.set(entry, charge);
  }

  /** The entry left its cache. */
  release(entry: object): void {
    const charge = this.#charges.get(entry);
    if (!charge) return;
    this.#charges.delete(entry);
    this.#bytes -= charge.bytes;
  }
}

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** The budget every ResultCache of the process shares (its bound set by the query settings). */
export const sharedResultCacheBudget = new ResultCacheBudget(DEFAULT_MAX_BYTES);
