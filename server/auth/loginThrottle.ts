// Failed sign-in attempts counted in a sliding window, per key: one key for the (account,
// username) pair and one for the client IP (DESIGN §7). In memory: a restart forgets them,
// which is acceptable for a single process; several instances would need a shared store.

export interface ThrottleLimits {
  /** Failed attempts allowed per (account, username) inside the window; 0: no limit. */
  perUser: number;
  /** Failed attempts allowed per client IP inside the window; 0: no limit. */
  perIp: number;
  windowMs: number;
}

export interface ThrottleKeys {
  user: string;
  ip: string;
}

/** Keys kept at most; past this the least recently failed keys are forgotten first. */
const MAX_KEYS = 50_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  /** Attempts being checked right now, so parallel attempts cannot overrun a limit. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  static keys(accountSite: string, username: string, ip: string): ThrottleKeys {
    // Usernames are compared case-insensitively here so case variants share one budget.
    return { user: `user:${accountSite}:${username.toLowerCase()}`, ip: `ip:${ip}` };
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterSeconds(keys: ThrottleKeys): number {
    const waits = [
      this.waitMs(keys.user, this.limits.perUser),
      this.waitMs(keys.ip, this.limits.perIp),
    ];
    const wait = Math.max(...waits);
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  recordFailure(keys: ThrottleKeys): void {
    for (const key of [keys.user, keys.ip]) {
      const times = this.recent(key);
      times.push(this.now());
      // Re-insert so the Map's order is "least recently failed first".
      this.failures.delete(key);
      this.failures.set(key, times);
    }
    while (this.failures.size > MAX_KEYS) {
      const oldest = this.failures.keys().next().value as string;
      this.failures.delete(oldest);
    }
  }

  /**
   * Counts an attempt as in progress until the returned function is called. Call it right
   * after `retryAfterSeconds` answered 0, with no await in between.
   */
  begin(keys: ThrottleKeys): () => void {
    for (const key of [keys.user, keys.ip]) this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (const key of [keys.user, keys.ip]) {
        const left = (this.pending.get(key) ?? 1) - 1;
        if (left > 0) this.pending.set(key, left);
        else this.pending.delete(key);
      }
    };
  }

  /** A successful sign-in clears the user's budget; the IP's stays. */
  recordSuccess(keys: ThrottleKeys): void {
    this.failures.delete(keys.user);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** How long until the oldest failure that keeps `key` at its limit leaves the window. */
  private waitMs(key: string, limit: number): number {
    if (limit <= 0) return 0; // 0 turns this limit off
    const times = this.recent(key);
    const inFlight = this.pending.get(key) ?? 0;
    if (times.length + inFlight < limit) return 0;
    // At the limit only through attempts still being checked: ask to retry shortly.
    if (times.length < limit) return 1000;
    const releasing = times[times.length - limit];
    return releasing + this.limits.windowMs - this.now();
  }
}
