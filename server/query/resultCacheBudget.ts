import { LRUCache } from 'lru-cache';

// One byte budget for the result caches of the whole process: every tenant's entries count
// against it, and when their sum passes it the least recently used entries go, whichever
// tenant (or server) holds them. Each tenant's own bound stays in ResultCache.

interface Charge {
  bytes: number;
  /** Drops the entry from its cache (which then calls release). */
  evict: () => void;
}

/** The charges of the cached entries, least recently used out first past `maxBytes`. */
function chargesWithin(maxBytes: number): LRUCache<object, Charge> {
  return new LRUCache<object, Charge>({
    // lru-cache wants a positive bound; a budget of 0 keeps nothing (ResultCache checks it).
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (charge) => charge.bytes,
    // After the eviction is complete, so the entry's cache may call release meanwhile.
    disposeAfter: (charge, _entry, reason) => {
      if (reason === 'evict') charge.evict();
    },
  });
}

export class ResultCacheBudget {
  #maxBytes: number;
  #charges: LRUCache<object, Charge>;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
    this.#charges = chargesWithin(maxBytes);
  }

  get maxBytes(): number {
    return this.#maxBytes;
  }

  /** A new bound: the charges move over, least recently used first, evicting past it. */
  set maxBytes(maxBytes: number) {
    const before = this.#charges;
    this.#maxBytes = maxBytes;
    this.#charges = chargesWithin(maxBytes);
    for (const entry of before.rkeys()) this.#charges.set(entry, before.peek(entry)!);
  }

  /** Bytes of all cached results together (tests, bench). */
  get bytes(): number {
    return this.#charges.calculatedSize;
  }

  get entries(): number {
    return this.#charges.size;
  }

  /** Counts a new entry, then evicts the least recently used ones beyond the budget. */
  charge(entry: object, bytes: number, evict: () => void): void {
    this.#charges.set(entry, { bytes, evict });
  }

  /** The entry was read: the most recently used now. */
  touch(entry: object): void {
    this.#charges.get(entry);
  }

  /** The entry left its cache. */
  release(entry: object): void {
    this.#charges.delete(entry);
  }
}

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** The budget every ResultCache of the process shares (its bound set by the query settings). */
export const sharedResultCacheBudget = new ResultCacheBudget(DEFAULT_MAX_BYTES);
