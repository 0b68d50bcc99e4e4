// Failed sign-in attempts, counted so that they slow the attacker and not the owner (docs/architecture.md §7).
// Three counters, each with exponential backoff once past its free attempts:
//
// - per (account, username, client address): the owner's own typos, or one attacker guessing
//   one user from one address. The tightest (LOGIN_LIMIT_PER_USER free failures).
// - per client address, across users: one address spraying many user names.
// - per (account, username) across addresses: much higher, so an attacker who rotates
//   addresses is still slowed, while the owner signing in from another address is not refused
//   because someone else failed a few times.
//
// Past its free failures, every further failure locks the counter for 1 s, 2 s, 4 s … up to
// the cap; a counter is forgotten once it has seen no failure for the window after its lock.
//
// The counters are rate-limiter-flexible's: in this process (RateLimiterMemory) or, with
// REDIS_URL, in Redis for every instance at once (RateLimiterRedis), so another instance is not
// another try; while Redis is away each instance counts in its own memory (the library's
// insurance limiter), so signing in keeps working. A counter's points are its failures and it
// expires at the end of the window after its lock, so its lock is what is left of its life
// less the window. What the library has no notion of is kept here: the doubling lock, the
// three counters of one attempt, and attempts still under way counting against the free ones.

import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { ThrottleLimits } from '../../config';

export interface ThrottleKeys {
  /** (account, username, client address) */
  pair: string;
  /** client address */
  ip: string;
  /** (account, username) */
  user: string;
}

/** Where one throttle counts: failures, and attempts under way. */
export interface ThrottleCounters {
  failures: RateLimiterAbstract;
  inFlight: RateLimiterAbstract;
}

/** The first lock past the free failures; each further failure doubles it. */
const FIRST_LOCK_MS = 1000;
/** An attempt under way longer than this no longer counts (a sign-in takes well under it). */
const IN_FLIGHT_KEEP_SECONDS = 60;

/** How long a counter at `failures` stays locked: 0 below `free`, then 1 s, 2 s, 4 s … cap. */
export function lockMs(failures: number, free: number, capMs: number): number {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 40);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, capMs);
}

/**
 * The options of one kind of counter. Nothing is consumed against `points` (the counters are
 * set, raised and lowered); a failure counter is given its life by each failure, an attempt
 * under way lives IN_FLIGHT_KEEP_SECONDS.
 */
const COUNTERS = {
  failures: { keyPrefix: 'failures', points: Number.MAX_SAFE_INTEGER, duration: 0 },
  inFlight: {
    keyPrefix: 'in-flight',
    points: Number.MAX_SAFE_INTEGER,
    duration: IN_FLIGHT_KEEP_SECONDS,
  },
};

/** Counters in this process: a restart forgets them. */
export function memoryCounters(): ThrottleCounters {
  return {
    failures: new RateLimiterMemory(COUNTERS.failures),
    inFlight: new RateLimiterMemory(COUNTERS.inFlight),
  };
}

/**
 * Counters in Redis under `prefix`, shared by every instance; in this process while Redis is
 * away (`insured`, the default; a test turns it off to see Redis answer).
 */
export function redisCounters(redis: Redis, prefix: string, insured = true): ThrottleCounters {
  const local = memoryCounters();
  const shared = (kind: keyof ThrottleCounters) =>
    new RateLimiterRedis({
      ...COUNTERS[kind],
      keyPrefix: prefix + COUNTERS[kind].keyPrefix,
      storeClient: redis,
      insuranceLimiter: insured ? local[kind] : undefined,
    });
  return { failures: shared('failures'), inFlight: shared('inFlight') };
}

/** A counter's value while it lives (a memory record past its end may linger a moment). */
function live(res: RateLimiterRes | null): RateLimiterRes | undefined {
  return res && res.msBeforeNext > 0 ? res : undefined;
}

/** An attempt: refused with the seconds to wait, or started until `end` is called. */
export type Attempt = { retryAfter: number } | { end: () => Promise<void> };

export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly counters: ThrottleCounters = memoryCounters(),
  ) {}

  static keys(accountSite: string, username: string, ip: string): ThrottleKeys {
    // Usernames are compared case-insensitively here so case variants share one budget.
    const user = `user:${accountSite}:${username.toLowerCase()}`;
    return { pair: `${user}@${ip}`, ip: `ip:${ip}`, user };
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  async retryAfterSeconds(keys: ThrottleKeys): Promise<number> {
    const { limits, failures, inFlight } = await this.countersOf(keys, 0);
    return this.secondsToWait(limits, failures, inFlight);
  }

  /**
   * Starts an attempt unless the counters say wait; a started one counts until it ends. It is
   * counted first and the counters read with it, so parallel attempts see each other.
   */
  async start(keys: ThrottleKeys): Promise<Attempt> {
    const { limits, names, failures, inFlight } = await this.countersOf(keys, 1);
    const end = this.ender(names);
    const others = inFlight.map((count) => count - 1);
    const retryAfter = this.secondsToWait(limits, failures, others);
    if (retryAfter === 0) return { end };
    await end();
    return { retryAfter };
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const limits = this.limitsOf(keys);
    const counts = await this.failuresOf(limits.map(([key]) => key));
    await Promise.all(
      limits.map(([key, free], i) => {
        const failures = (counts[i]?.consumedPoints ?? 0) + 1;
        const keepMs = lockMs(failures, free, this.limits.maxLockMs) + this.limits.windowMs;
        if (keepMs <= 0) return undefined;
        return this.counters.failures.set(key, failures, Math.ceil(keepMs / 1000));
      }),
    );
  }

  /** Counts an attempt as under way until the returned function is called (once). */
  async begin(keys: ThrottleKeys): Promise<() => Promise<void>> {
    const held = this.limitsOf(keys).map(([key]) => key);
    await this.addInFlight(held, 1);
    return this.ender(held);
  }

  /**
   * A successful sign-in clears the count of that user from that address. The address's and
   * the user's counts across addresses stay: they may be someone else's failures.
   */
  async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await this.counters.failures.delete(keys.pair);
  }

  private failuresOf(keys: string[]): Promise<(RateLimiterRes | undefined)[]> {
    return Promise.all(keys.map(async (key) => live(await this.counters.failures.get(key))));
  }

  /** Adds `delta` to the attempts under way of each key (0: only look); the counts after. */
  private addInFlight(keys: string[], delta: number): Promise<number[]> {
    const { inFlight } = this.counters;
    return Promise.all(
      keys.map(async (key) => {
        const res =
          delta > 0
            ? await inFlight.penalty(key, delta)
            : delta < 0
              ? await inFlight.reward(key, -delta)
              : live(await inFlight.get(key));
        return Math.max(0, res?.consumedPoints ?? 0);
      }),
    );
  }

  /** The attempt's counters and attempts under way, read while `adding` more (0: only look). */
  private async countersOf(keys: ThrottleKeys, adding: number) {
    const limits = this.limitsOf(keys);
    const names = limits.map(([key]) => key);
    const [failures, inFlight] = await Promise.all([
      this.failuresOf(names),
      this.addInFlight(names, adding),
    ]);
    return { limits, names, failures, inFlight };
  }

  /** Ends an attempt counted under `held` (once, however often it is called). */
  private ender(held: string[]): () => Promise<void> {
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await this.addInFlight(held, -1);
    };
  }

  private secondsToWait(
    limits: [string, number][],
    failures: (RateLimiterRes | undefined)[],
    inFlight: number[],
  ): number {
    const waits = limits.map(([, free], i) => this.waitMs(failures[i], free, inFlight[i]));
    const wait = Math.max(0, ...waits);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  /** The counters an attempt touches, each with its free failures (0 turns one off). */
  private limitsOf(keys: ThrottleKeys): [string, number][] {
    const all: [string, number][] = [
      [keys.pair, this.limits.perUser],
      [keys.ip, this.limits.perIp],
      [keys.user, this.limits.perUserAllAddresses],
    ];
    return all.filter(([, free]) => free > 0);
  }

  private waitMs(counter: RateLimiterRes | undefined, free: number, inFlight: number): number {
    // The counter lives for its lock and then the window: what is left beyond the window is lock.
    const locked = counter ? counter.msBeforeNext - this.limits.windowMs : 0;
    if (locked > 0) return locked;
    const failures = counter?.consumedPoints ?? 0;
    // Below the free failures, as many in parallel as are left; past them, one at a time.
    if (inFlight > 0 && failures + inFlight >= Math.max(free, failures + 1)) return FIRST_LOCK_MS;
    return 0;
  }
}

/**
 * The throttle `name` (sign-in, password change, password reset: each counts apart), in
 * Redis when the app has it, else in this process.
 */
export function throttleOf(app: FastifyInstance, name: string): LoginThrottle {
  const limits = app.config.loginThrottle;
  if (!app.redis) return new LoginThrottle(limits);
  const prefix = `${app.config.redisPrefix}:throttle:${name}:`;
  return new LoginThrottle(limits, redisCounters(app.redis, prefix));
}
