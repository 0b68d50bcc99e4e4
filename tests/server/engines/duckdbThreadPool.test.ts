import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  defaultQuerySlots,
  defaultRunningPerTenant,
  mostRunningOfOneTenant,
  querySlotsWithin,
  THREADPOOL_RESERVE,
} from '../../../server/config';
import { withThreadPoolSize } from '../../../server/engines/duckdbThreadPool';

// The libuv pool a server process starts with, and the query slots it leaves after the
// reserve for sign-in and file I/O.

describe('withThreadPoolSize', () => {
  it('sizes the pool as the query slots plus the reserve', () => {
    expect(withThreadPoolSize({ QUERY_SLOTS: '6' }, 6).UV_THREADPOOL_SIZE).toBe(
      String(6 + THREADPOOL_RESERVE),
    );
    expect(withThreadPoolSize({}, defaultQuerySlots()).UV_THREADPOOL_SIZE).toBe(
      String(defaultQuerySlots() + THREADPOOL_RESERVE),
    );
  });

  it("keeps the operator's own size and the rest of the environment", () => {
    expect(withThreadPoolSize({ UV_THREADPOOL_SIZE: '3', QUERY_SLOTS: '6' }, 6)).toEqual({
      UV_THREADPOOL_SIZE: '3',
      QUERY_SLOTS: '6',
    });
    expect(withThreadPoolSize({ PORT: '4000' }, 4).PORT).toBe('4000');
  });

  it('leaves the reserve free in the pool it sets', () => {
    const env = withThreadPoolSize({ QUERY_SLOTS: '5' }, 5);
    expect(querySlotsWithin(5, env)).toBe(5);
    expect(querySlotsWithin(50, env)).toBe(5);
  });

  it('keeps half of an unsized pool of 4 for sign-in and files', () => {
    expect(querySlotsWithin(16, {})).toBe(2);
  });
});

describe('defaultQuerySlots', () => {
  it('is two per core and four more, so that no core idles between one query and the next', () => {
    expect(defaultQuerySlots()).toBe(2 * availableParallelism() + 4);
  });
});

describe('mostRunningOfOneTenant', () => {
  it('is every slot but one, or the share per tenant when that is more', () => {
    expect(mostRunningOfOneTenant(8, 1)).toBe(7);
    expect(mostRunningOfOneTenant(1, 1)).toBe(1);
    expect(mostRunningOfOneTenant(4, 6)).toBe(6);
  });
});

describe('defaultRunningPerTenant', () => {
  it("is half the cores, at least one, and below the server's slots", () => {
    const cores = availableParallelism();
    expect(defaultRunningPerTenant()).toBe(Math.max(1, Math.floor(cores / 2)));
    expect(defaultRunningPerTenant()).toBeLessThan(defaultQuerySlots());
  });
});
