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

import type { ThrottleLimits } from '../../config';

// Where the counters live: in this process (MemoryThrottleStore) or, with REDIS_URL, in Redis
// for every instance at once (redisThrottleStore.ts), so another instance is not another try.

export interface ThrottleKeys {
  /** (account, username, client address) */
  pair: string;
  /** client address */
  ip: string;
  /** (account, username) */
  user: string;
}

export interface Counter {
  failures: number;
  lockedUntil: number;
}

/** The counters of one throttle and the attempts under way, by key. */
export interface ThrottleStore {
  read(keys: string[]): Promise<(Counter | undefined)[]>;
  /** Keeps `counter` at least `keepMs` (the lock and the window after it). */
  write(key: string, counter: Counter, keepMs: number): Promise<void>;
  remove(key: string): Promise<void>;
  /** Adds `delta` to the attempts under way of each key; answers the counts after. */
  addInFlight(keys: string[], delta: number): Promise<number[]>;
}

/** The first lock past the free failures; each further failure doubles it. */
const FIRST_LOCK_MS = 1000;
/** Counters kept at most in memory; past this the least recently failed are forgotten first. */
const MAX_KEYS = 50_000;

/** How long a counter at `failures` stays locked: 0 below `free`, then 1 s, 2 s, 4 s … cap. */
export function lockMs(failures: number, free: number, capMs: number): number {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 40);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, capMs);
}

/** The counters in this process: a restart forgets them. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly counters = new Map<string, Counter>();
  private readonly inFlight = new Map<string, number>();

  async read(keys: string[]): Promise<(Counter | undefined)[]> {
    return keys.map((key) => this.counters.get(key));
  }

  async write(key: string, counter: Counter): Promise<void> {
    // Re-inserted so the Map's order is "least recently failed first".
    this.counters.delete(key);
    this.counters.set(key, counter);
    while (this.counters.size > MAX_KEYS) {
      this.counters.delete(this.counters.keys().next().value as string);
    }
  }

  async remove(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async addInFlight(keys: string[], delta: number): Promise<number[]> {
    return keys.map((key) => {
      const count = Math.max(0, (this.inFlight.get(key) ?? 0) + delta);
      if (count > 0) this.inFlight.set(key, count);
      else this.inFlight.delete(key);
      return count;
    });
  }
}

/** An attempt: refused with the seconds to wait, or started until `end` is called. */
export type Attempt = { retryAfter: number } | { end: () => Promise<void> };

export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
    private readonly now: () => number = Date.now,
  ) {}

  static keys(accountSite: string, username: string, ip: string): ThrottleKeys {
    // Usernames are compared case-insensitively here so case variants share one budget.
    const user = `user:${accountSite}:${username.toLowerCase()}`;
    return { pair: `${user}@${ip}`, ip: `ip:${ip}`, user };
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  async retryAfterSeconds(keys: ThrottleKeys): Promise<number> {
    const { limits, counters, inFlight } = await this.countersOf(keys, 0);
    return this.secondsToWait(limits, counters, inFlight);
  }

  /**
   * Starts an attempt unless the counters say wait; a started one counts until it ends. It is
   * counted first and the counters read with it, so parallel attempts see each other.
   */
  async start(keys: ThrottleKeys): Promise<Attempt> {
    const { limits, names, counters, inFlight } = await this.countersOf(keys, 1);
    const end = this.ender(names);
    const others = inFlight.map((count) => count - 1);
    const retryAfter = this.secondsToWait(limits, counters, others);
    if (retryAfter === 0) return { end };
    await end();
    return { retryAfter };
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const now = this.now();
    const limits = this.limitsOf(keys);
    const counters = await this.store.read(limits.map(([key]) => key));
    await Promise.all(
      limits.map(([key, free], i) => {
        const failures = (this.current(counters[i])?.failures ?? 0) + 1;
        const lockedUntil = now + lockMs(failures, free, this.limits.maxLockMs);
        const keepMs = lockedUntil - now + this.limits.windowMs;
        return this.store.write(key, { failures, lockedUntil }, keepMs);
      }),
    );
  }

  /** Counts an attempt as under way until the returned function is called (once). */
  async begin(keys: ThrottleKeys): Promise<() => Promise<void>> {
    const held = this.limitsOf(keys).map(([key]) => key);
    await this.store.addInFlight(held, 1);
    return this.ender(held);
  }

  /** The attempt's counters and attempts under way, read while `adding` more (0: only look). */
  private async countersOf(keys: ThrottleKeys, adding: number) {
    const limits = this.limitsOf(keys);
    const names = limits.map(([key]) => key);
    const [counters, inFlight] = await Promise.all([
      this.store.read(names),
      this.store.addInFlight(names, adding),
    ]);
    return { limits, names, counters, inFlight };
  }

  /** Ends an attempt counted under `held` (once, however often it is called). */
  private ender(held: string[]): () => Promise<void> {
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await this.store.addInFlight(held, -1);
    };
  }

  private secondsToWait(
    limits: [string, number][],
    counters: (Counter | undefined)[],
    inFlight: number[],
  ): number {
    const waits = limits.map(([, free], i) =>
      this.waitMs(this.current(counters[i]), free, inFlight[i]),
    );
    const wait = Math.max(0, ...waits);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  /**
   * A successful sign-in clears the count of that user from that address. The address's and
   * the user's counts across addresses stay: they may be someone else's failures.
   */
  async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await this.store.remove(keys.pair);
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

  /** The counter, or undefined once it has been quiet for the window after its lock. */
  private current(counter: Counter | undefined): Counter | undefined {
    if (counter && counter.lockedUntil + this.limits.windowMs <= this.now()) return undefined;
    return counter;
  }

  private waitMs(counter: Counter | undefined, free: number, inFlight: number): number {
    const locked = counter ? counter.lockedUntil - this.now() : 0;
    if (locked > 0) return locked;
    const failures = counter?.failures ?? 0;
    // Below the free failures, as many in parallel as are left; past them, one at a time.
    if (inFlight > 0 && failures + inFlight >= Math.max(free, failures + 1)) return FIRST_LOCK_MS;
    return 0;
  }
}
