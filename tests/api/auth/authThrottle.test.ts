import { describe, expect, it } from 'vitest';
import type { ThrottleLimits } from '../../../server/config';
import { LoginThrottle, lockMs } from '../../../server/features/auth/loginThrottle';

// Failed sign-ins with exponential backoff per (user, address), per address and per user
// across addresses, on a clock the test moves.

const LIMITS: ThrottleLimits = {
  perUser: 2,
  perIp: 4,
  perUserAllAddresses: 6,
  windowMs: 60_000,
  maxLockMs: 16_000,
};

function throttleAt(limits: Partial<ThrottleLimits> = {}) {
  const clock = { now: 1_000_000 };
  return { clock, throttle: new LoginThrottle({ ...LIMITS, ...limits }, () => clock.now) };
}

describe('LoginThrottle', () => {
  it('backs off 1 s, 2 s, 4 s … past the free failures, up to the cap', () => {
    const { clock, throttle } = throttleAt();
    const keys = LoginThrottle.keys('acme', 'ann', '1.2.3.4');
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      throttle.recordFailure(keys);
      const wait = throttle.retryAfterSeconds(keys);
      waits.push(wait);
      clock.now += wait * 1000 - 1;
      expect(throttle.retryAfterSeconds(keys)).toBe(1);
      clock.now += 1;
      expect(throttle.retryAfterSeconds(keys)).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 16, 16]);
  });

  it('lockMs: none below the free failures, then doubling from 1 s to the cap', () => {
    expect([4, 5, 6, 7, 20, 500].map((n) => lockMs(n, 5, 900_000))).toEqual([
      0, 1000, 2000, 4000, 900_000, 900_000,
    ]);
  });

  it('keeps the owner at another address out of an attacker lock-out', () => {
    const { throttle } = throttleAt();
    const attacker = LoginThrottle.keys('acme', 'Ann', '6.6.6.6');
    for (let i = 0; i < 3; i++) throttle.recordFailure(attacker);
    expect(throttle.retryAfterSeconds(attacker)).toBe(2);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ANN', '6.6.6.6'))).toBe(2);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ann', '1.1.1.1'))).toBe(0);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('beta', 'ann', '6.6.6.6'))).toBe(0);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'bob', '6.6.6.6'))).toBe(0);
  });

  it('slows an address spraying many users, and a user guessed from many addresses', () => {
    const { throttle } = throttleAt();
    for (const name of ['a', 'b', 'c', 'd']) {
      throttle.recordFailure(LoginThrottle.keys('acme', name, '6.6.6.6'));
    }
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '6.6.6.6'))).toBe(1);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '7.7.7.7'))).toBe(0);

    for (let i = 0; i < 6; i++) {
      throttle.recordFailure(LoginThrottle.keys('acme', 'ann', `10.0.0.${i}`));
    }
    // Every address is new to ann, but ann's ceiling across addresses is reached.
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ann', '10.9.9.9'))).toBe(1);
  });

  it('a success clears the (user, address) count only; a limit of 0 is off', () => {
    const { throttle } = throttleAt({ perIp: 0, perUserAllAddresses: 0 });
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    throttle.recordFailure(keys);
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(1);
    throttle.recordSuccess(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
    for (let i = 0; i < 50; i++) {
      throttle.recordFailure(LoginThrottle.keys('acme', `u${i}`, '1.1.1.1'));
      throttle.recordFailure(LoginThrottle.keys('acme', 'bob', `2.2.${i}.1`));
    }
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '1.1.1.1'))).toBe(0);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'bob', '3.3.3.3'))).toBe(0);
  });

  it('forgets a count once it saw no failure for the window after its lock', () => {
    const { clock, throttle } = throttleAt();
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    for (let i = 0; i < 3; i++) throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(2);
    clock.now += 2000 + 59_999;
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(4);
    clock.now += 4000 + 60_000;
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
  });

  it('attempts still being checked count against the free failures until they finish', () => {
    const { throttle } = throttleAt();
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    const first = throttle.begin(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
    const second = throttle.begin(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(1);
    first();
    first();
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
    second();
    throttle.recordFailure(keys);
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(1);
  });
});
