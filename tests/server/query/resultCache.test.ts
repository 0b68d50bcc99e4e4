import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../src/model/analytics';
import { cacheKey, estimateBytes, ResultCache } from '../../../server/query/resultCache';

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
});
