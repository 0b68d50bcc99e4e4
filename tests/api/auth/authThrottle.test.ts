import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThrottleLimits } from '../../../server/config';
import {
  LoginThrottle,
  lockMs,
  memoryCounters,
  redisCounters,
  type ThrottleCounters,
} from '../../../server/features/auth/loginThrottle';
import { isRedisReachable, REDIS_URL } from '../harness';

// Failed sign-ins with exponential backoff per (user, address), per address and per user
// across addresses: counted in this process, on a clock the test moves (a fake Date, which
// rate-limiter-flexible's memory store reads), and in Redis as several instances count them
// (each test under a prefix of its own; Redis keeps its own time, so there the clock stays).

const LIMITS: ThrottleLimits = {
  perUser: 2,
  perIp: 4,
  perUserAllAddresses: 6,
  windowMs: 60_000,
  maxLockMs: 16_000,
};

const redisReachable = await isRedisReachable();
const redis = new Redis(REDIS_URL, { lazyConnect: !redisReachable, maxRetriesPerRequest: 0 });
afterAll(() => redis.disconnect());

/** Counters in Redis alone (no fallback to memory: Redis must answer). */
const inRedis = () =>
  redisCounters(redis, `test-${randomBytes(6).toString('hex')}:throttle:`, false);

const stores: [string, () => ThrottleCounters][] = [['in memory', memoryCounters]];
if (redisReachable) stores.push(['in Redis', inRedis]);

describe('LoginThrottle in memory, as time passes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  /** Moves the clock `ms` on. */
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const throttleWith = () => new LoginThrottle(LIMITS, memoryCounters());

  it('backs off 1 s, 2 s, 4 s … past the free failures, up to the cap', async () => {
    const throttle = throttleWith();
    const keys = LoginThrottle.keys('acme', 'ann', '1.2.3.4');
    await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await throttle.recordFailure(keys);
      const wait = await throttle.retryAfterSeconds(keys);
      waits.push(wait);
      later(wait * 1000 - 1);
      expect(await throttle.retryAfterSeconds(keys)).toBe(1);
      later(1);
      expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 16, 16]);
  });

  it('forgets a count once it saw no failure for the window after its lock', async () => {
    const throttle = throttleWith();
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    for (let i = 0; i < 3; i++) await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(2);
    later(2000 + 59_999);
    await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(4);
    later(4000 + 60_000);
    await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
  });
});

describe.each(stores)('LoginThrottle %s', (_name, newCounters) => {
  function throttleAt(limits: Partial<ThrottleLimits> = {}) {
    return { throttle: new LoginThrottle({ ...LIMITS, ...limits }, newCounters()) };
  }

  it('backs off 1 s, 2 s, 4 s … up to the cap while failures keep coming', async () => {
    const { throttle } = throttleAt();
    const keys = LoginThrottle.keys('acme', 'ann', '1.2.3.4');
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await throttle.recordFailure(keys);
      waits.push(await throttle.retryAfterSeconds(keys));
    }
    expect(waits).toEqual([0, 1, 2, 4, 8, 16, 16, 16, 16]);
  });

  it('lockMs: none below the free failures, then doubling from 1 s to the cap', () => {
    expect([4, 5, 6, 7, 20, 500].map((n) => lockMs(n, 5, 900_000))).toEqual([
      0, 1000, 2000, 4000, 900_000, 900_000,
    ]);
  });

  it('keeps the owner at another address out of an attacker lock-out', async () => {
    const { throttle } = throttleAt();
    const attacker = LoginThrottle.keys('acme', 'Ann', '6.6.6.6');
    for (let i = 0; i < 3; i++) await throttle.recordFailure(attacker);
    expect(await throttle.retryAfterSeconds(attacker)).toBe(2);
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ANN', '6.6.6.6'))).toBe(2);
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ann', '1.1.1.1'))).toBe(0);
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('beta', 'ann', '6.6.6.6'))).toBe(0);
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'bob', '6.6.6.6'))).toBe(0);
  });

  it('slows an address spraying many users, and a user guessed from many addresses', async () => {
    const { throttle } = throttleAt();
    for (const name of ['a', 'b', 'c', 'd']) {
      await throttle.recordFailure(LoginThrottle.keys('acme', name, '6.6.6.6'));
    }
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '6.6.6.6'))).toBe(1);
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '7.7.7.7'))).toBe(0);

    for (let i = 0; i < 6; i++) {
      await throttle.recordFailure(LoginThrottle.keys('acme', 'ann', `10.0.0.${i}`));
    }
    // Every address is new to ann, but ann's ceiling across addresses is reached.
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ann', '10.9.9.9'))).toBe(1);
  });

  it('a success clears the (user, address) count only; a limit of 0 is off', async () => {
    const { throttle } = throttleAt({ perIp: 0, perUserAllAddresses: 0 });
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    await throttle.recordFailure(keys);
    await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(1);
    await throttle.recordSuccess(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    for (let i = 0; i < 50; i++) {
      await throttle.recordFailure(LoginThrottle.keys('acme', `u${i}`, '1.1.1.1'));
      await throttle.recordFailure(LoginThrottle.keys('acme', 'bob', `2.2.${i}.1`));
    }
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '1.1.1.1'))).toBe(0);
    expect(await throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'bob', '3.3.3.3'))).toBe(0);
  });

  it('attempts still being checked count against the free failures until they finish', async () => {
    const { throttle } = throttleAt();
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    const first = await throttle.begin(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    const second = await throttle.begin(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(1);
    await first();
    await first();
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    await second();
    await throttle.recordFailure(keys);
    await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(1);
  });
});

describe.runIf(redisReachable)('LoginThrottle over one Redis, as two instances', () => {
  it('counts the failures of both instances in one budget', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}:throttle:`;
    const instance = () => new LoginThrottle(LIMITS, redisCounters(redis, prefix, false));
    const [one, two] = [instance(), instance()];
    const keys = LoginThrottle.keys('acme', 'ann', '6.6.6.6');
    await one.recordFailure(keys);
    expect(await two.retryAfterSeconds(keys)).toBe(0);
    // Two free failures, used up between them: the next try waits, on either instance.
    await two.recordFailure(keys);
    expect(await one.retryAfterSeconds(keys)).toBe(1);
    expect(await one.start(keys)).toEqual({ retryAfter: 1 });

    // An attempt under way on one instance counts on the other until it ends.
    const other = LoginThrottle.keys('acme', 'bob', '7.7.7.7');
    await one.recordFailure(other);
    const attempt = await one.start(other);
    expect(attempt).toHaveProperty('end');
    expect(await two.start(other)).toEqual({ retryAfter: 1 });
    if ('end' in attempt) await attempt.end();
    expect(await two.start(other)).toHaveProperty('end');
  });
});

describe('LoginThrottle while Redis is away', () => {
  it('counts in this process, so signing in keeps working and is still slowed', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    try {
      const throttle = new LoginThrottle(LIMITS, redisCounters(away, 'away:throttle:'));
      const keys = LoginThrottle.keys('acme', 'ann', '6.6.6.6');
      const attempt = await throttle.start(keys);
      expect(attempt).toHaveProperty('end');
      if ('end' in attempt) await attempt.end();
      await throttle.recordFailure(keys);
      await throttle.recordFailure(keys);
      expect(await throttle.retryAfterSeconds(keys)).toBe(1);
      await throttle.recordSuccess(keys);
      expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    } finally {
      away.disconnect();
    }
  });
});
