import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/auth/loginThrottle';

// The sliding window of failed sign-ins, on a clock the test moves.

function throttleAt(limits = { perUser: 2, perIp: 3, windowMs: 60_000 }) {
  const clock = { now: 1_000_000 };
  return { clock, throttle: new LoginThrottle(limits, () => clock.now) };
}

describe('LoginThrottle', () => {
  it('allows attempts up to the limit, then answers the seconds until the oldest leaves', () => {
    const { clock, throttle } = throttleAt();
    const keys = LoginThrottle.keys('acme', 'ann', '1.2.3.4');
    throttle.recordFailure(keys);
    clock.now += 10_000;
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(50);
    clock.now += 49_500;
    expect(throttle.retryAfterSeconds(keys)).toBe(1);
    clock.now += 500;
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
  });

  it('counts per (site, username) case-insensitively, and per IP across usernames', () => {
    const { throttle } = throttleAt();
    throttle.recordFailure(LoginThrottle.keys('acme', 'Ann', '1.1.1.1'));
    throttle.recordFailure(LoginThrottle.keys('acme', 'ann', '2.2.2.2'));
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'ANN', '3.3.3.3'))).toBe(60);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('beta', 'ann', '3.3.3.3'))).toBe(0);
    throttle.recordFailure(LoginThrottle.keys('acme', 'bob', '1.1.1.1'));
    throttle.recordFailure(LoginThrottle.keys('acme', 'cid', '1.1.1.1'));
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'dan', '1.1.1.1'))).toBe(60);
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'dan', '4.4.4.4'))).toBe(0);
  });

  it('a success clears the user count but not the IP count; a limit of 0 is off', () => {
    const { throttle } = throttleAt({ perUser: 2, perIp: 0, windowMs: 60_000 });
    const keys = LoginThrottle.keys('acme', 'ann', '1.1.1.1');
    throttle.recordFailure(keys);
    throttle.recordFailure(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(60);
    throttle.recordSuccess(keys);
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
    for (let i = 0; i < 50; i++)
      throttle.recordFailure(LoginThrottle.keys('acme', `u${i}`, '1.1.1.1'));
    expect(throttle.retryAfterSeconds(LoginThrottle.keys('acme', 'zed', '1.1.1.1'))).toBe(0);
  });

  it('attempts still being checked count against the limit until they finish', () => {
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
    expect(throttle.retryAfterSeconds(keys)).toBe(60);
  });
});
