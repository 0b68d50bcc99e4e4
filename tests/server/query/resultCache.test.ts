import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../common/analytics';
import { cacheKey, estimateBytes, ResultCache } from '../../../server/query/resultCache';
import { ResultCacheBudget } from '../../../server/query/resultCacheBudget';

function result(text: string): QueryResult {
  return {
    columns: [{ name: 'x', type: 'string' }],
    rows: [[text]],
    rowCount: 1,
    truncated: false,
    cached: false,
    durationMs: 1,
  };
}

const key = (sourceId: number, sql: string) => cacheKey({ sourceId, sql, params: [], maxRows: 10 });

describe('ResultCache', () => {
  it('answers a stored result until its TTL passes', () => {
    let now = 1_000;
    const cache = new ResultCache({ ttlMs: 500, maxBytesPerTenant: 1e6, now: () => now });
    cache.set(1, key(1, 'a'), result('a'));
    now = 1_499;
    expect(cache.get(1, key(1, 'a'))?.rows).toEqual([['a']]);
    now = 1_500;
    expect(cache.get(1, key(1, 'a'))).toBeUndefined();
    expect(cache.usage(1)).toEqual({ entries: 0, bytes: 0 });
  });

  it('sweeps expired entries out on a later write, so they stop counting against the bound', () => {
    let now = 0;
    const cache = new ResultCache({ ttlMs: 1_000, maxBytesPerTenant: 1e6, now: () => now });
    cache.set(1, key(1, 'a'), result('a'));
    cache.set(1, key(1, 'b'), result('b'));
    now = 6_000;
    cache.set(1, key(1, 'c'), result('c'));
    expect(cache.usage(1)).toEqual({ entries: 1, bytes: estimateBytes(result('c')) });
  });

  it('counts a longer text as more memory', () => {
    expect(estimateBytes(result('x'.repeat(1000)))).toBeGreaterThan(
      estimateBytes(result('x')) + 1900,
    );
  });

  it('keeps tenants apart: the same key of another account is a miss', () => {
    const cache = new ResultCache({ ttlMs: 1000, maxBytesPerTenant: 1e6 });
    cache.set(1, key(1, 'a'), result('a'));
    expect(cache.get(2, key(1, 'a'))).toBeUndefined();
  });

  it('evicts the least recently used entries past the memory bound of the tenant', () => {
    const one = estimateBytes(result('a'));
    const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: one * 2 });
    cache.set(1, key(1, 'a'), result('a'));
    cache.set(1, key(1, 'b'), result('b'));
    cache.get(1, key(1, 'a')); // a is now the most recently used
    cache.set(1, key(1, 'c'), result('c'));
    expect(cache.get(1, key(1, 'b'))).toBeUndefined();
    expect(cache.get(1, key(1, 'a'))).toBeDefined();
    expect(cache.get(1, key(1, 'c'))).toBeDefined();
    expect(cache.usage(1)).toEqual({ entries: 2, bytes: one * 2 });
    // Another tenant's entries are untouched by this tenant's evictions.
    cache.set(2, key(1, 'z'), result('z'));
    cache.set(1, key(1, 'd'), result('d'));
    expect(cache.get(2, key(1, 'z'))).toBeDefined();
  });

  it('does not keep a result larger than the whole bound', () => {
    const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 100 });
    cache.set(1, key(1, 'big'), result('x'.repeat(200)));
    expect(cache.usage(1).entries).toBe(0);
  });

  it('drops the results of one source', () => {
    const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6 });
    cache.set(1, key(1, 'a'), result('a'));
    cache.set(1, key(12, 'a'), result('a'));
    cache.invalidateSource(1, 1);
    expect(cache.get(1, key(1, 'a'))).toBeUndefined();
    expect(cache.get(1, key(12, 'a'))).toBeDefined();
  });

  it('forgets every result of one account and only of that account', () => {
    const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6 });
    cache.set(1, key(1, 'a'), result('a'));
    cache.set(1, key(2, 'b'), result('b'));
    cache.set(2, key(3, 'a'), result('a'));
    cache.forgetAccount(1);
    expect(cache.usage(1)).toEqual({ entries: 0, bytes: 0 });
    expect(cache.get(1, key(1, 'a'))).toBeUndefined();
    expect(cache.get(2, key(3, 'a'))).toBeDefined();
  });

  describe('with a budget shared by all caches', () => {
    const one = estimateBytes(result('a'));
    const shared = () => new ResultCacheBudget(one * 3);

    it('evicts the least recently used entry of another tenant past the budget', () => {
      const budget = shared();
      const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6, budget });
      cache.set(1, key(1, 'a'), result('a'));
      cache.set(2, key(2, 'b'), result('b'));
      cache.set(2, key(2, 'c'), result('c'));
      cache.get(1, key(1, 'a')); // tenant 1's entry is now the most recently used
      cache.set(3, key(3, 'd'), result('d'));
      expect(cache.usage(2)).toEqual({ entries: 1, bytes: one });
      expect(cache.get(2, key(2, 'b'))).toBeUndefined();
      expect(cache.get(1, key(1, 'a'))).toBeDefined();
      expect(budget.bytes).toBe(one * 3);
      expect(budget.entries).toBe(3);
    });

    it('is shared by the caches of several servers, and a cleared cache gives its bytes back', () => {
      const budget = shared();
      const first = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6, budget });
      const second = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6, budget });
      first.set(1, key(1, 'a'), result('a'));
      first.set(1, key(1, 'b'), result('b'));
      second.set(2, key(2, 'c'), result('c'));
      second.set(2, key(2, 'd'), result('d'));
      expect(first.usage(1).entries).toBe(1);
      expect(budget.bytes).toBe(one * 3);
      second.clear();
      expect(budget.bytes).toBe(one);
      first.forgetAccount(1);
      expect(budget).toMatchObject({ bytes: 0, entries: 0 });
    });

    it('gives back the bytes of replaced, expired and invalidated entries', () => {
      let now = 0;
      const budget = shared();
      const cache = new ResultCache({ ttlMs: 100, maxBytesPerTenant: 1e6, budget, now: () => now });
      cache.set(1, key(1, 'a'), result('a'));
      cache.set(1, key(1, 'a'), result('a'));
      cache.set(1, key(2, 'b'), result('b'));
      expect(budget.bytes).toBe(one * 2);
      cache.invalidateSource(1, 2);
      expect(budget.bytes).toBe(one);
      now = 100;
      expect(cache.get(1, key(1, 'a'))).toBeUndefined();
      expect(budget.bytes).toBe(0);
    });

    it('evicts the least recently used entries when the budget shrinks', () => {
      const budget = shared();
      const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6, budget });
      cache.set(1, key(1, 'a'), result('a'));
      cache.set(2, key(2, 'b'), result('b'));
      cache.set(3, key(3, 'c'), result('c'));
      cache.get(1, key(1, 'a'));
      budget.maxBytes = one * 2;
      expect(cache.get(2, key(2, 'b'))).toBeUndefined();
      expect(cache.get(1, key(1, 'a'))).toBeDefined();
      expect(cache.get(3, key(3, 'c'))).toBeDefined();
      expect(budget).toMatchObject({ bytes: one * 2, entries: 2 });
    });

    it('does not keep a result larger than the whole budget', () => {
      const budget = new ResultCacheBudget(100);
      const cache = new ResultCache({ ttlMs: 10_000, maxBytesPerTenant: 1e6, budget });
      cache.set(1, key(1, 'big'), result('x'.repeat(200)));
      expect(cache.usage(1).entries).toBe(0);
      expect(budget.bytes).toBe(0);
    });
  });
});
