// Failed sign-in attempts, counted so that they slow the attacker and not the owner (DESIGN §7).
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

// In memory: a restart forgets them; several instances would need a shared store (Redis).

export interface ThrottleKeys {
  /** (account, username, client address) */
  pair: string;
  /** client address */
  ip: string;
  /** (account, username) */
  user: string;
}

interface Counter {
  failures: number;
  lockedUntil: number;
}

/** The first lock past the free failures; each further failure doubles it. */
const FIRST_LOCK_MS = 1000;
/** Counters kept at most; past this the least recently failed are forgotten first. */
const MAX_KEYS = 50_000;

/** How long a counter at `failures` stays locked: 0 below `free`, then 1 s, 2 s, 4 s … cap. */
export function lockMs(failures: number, free: number, capMs: number): number {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 40);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, capMs);
}

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();
  /** Attempts being checked right now, so parallel attempts cannot overrun a limit. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  static keys(accountSite: string, username: string, ip: string): ThrottleKeys {
    // Usernames are compared case-insensitively here so case variants share one budget.
    const user = `user:${accountSite}:${username.toLowerCase()}`;
    return { pair: `${user}@${ip}`, ip: `ip:${ip}`, user };
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterSeconds(keys: ThrottleKeys): number {
    const wait = Math.max(...this.limitsOf(keys).map(([key, free]) => this.waitMs(key, free)));
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  recordFailure(keys: ThrottleKeys): void {
    const now = this.now();
    for (const [key, free] of this.limitsOf(keys)) {
      const failures = (this.current(key)?.failures ?? 0) + 1;
      const lockedUntil = now + lockMs(failures, free, this.limits.maxLockMs);
      // Re-insert so the Map's order is "least recently failed first".
      this.counters.delete(key);
      this.counters.set(key, { failures, lockedUntil });
    }
    while (this.counters.size > MAX_KEYS) {
      this.counters.delete(this.counters.keys().next().value as string);
    }
  }

  /**
   * Counts an attempt as in progress until the returned function is called. Call it right
   * after `retryAfterSeconds` answered 0, with no await in between.
   */
  begin(keys: ThrottleKeys): () => void {
    const held = this.limitsOf(keys).map(([key]) => key);
    for (const key of held) this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (const key of held) {
        const left = (this.pending.get(key) ?? 1) - 1;
        if (left > 0) this.pending.set(key, left);
        else this.pending.delete(key);
      }
    };
  }

  /**
   * A successful sign-in clears the count of that user from that address. The address's and
   * the user's counts across addresses stay: they may be someone else's failures.
   */
  recordSuccess(keys: ThrottleKeys): void {
    this.counters.delete(keys.pair);
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

  /** The counter of `key`, or undefined once it has been quiet for the window. */
  private current(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.lockedUntil + this.limits.windowMs <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private waitMs(key: string, free: number): number {
    const counter = this.current(key);
    const locked = counter ? counter.lockedUntil - this.now() : 0;
    if (locked > 0) return locked;
    const failures = counter?.failures ?? 0;
    const inFlight = this.pending.get(key) ?? 0;
    // Below the free failures, as many in parallel as are left; past them, one at a time.
    if (inFlight > 0 && failures + inFlight >= Math.max(free, failures + 1)) return FIRST_LOCK_MS;
    return 0;
  }
}
