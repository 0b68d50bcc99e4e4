import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  LoginThrottle,
  MemoryThrottleStore,
  type Counter,
  type ThrottleStore,
} from './loginThrottle';

// The throttle's counters in Redis, one place for every instance: failures as JSON kept for
// the lock and the window after it, attempts under way as counters that expire on their own
// (an instance that died mid-attempt does not hold them for ever). While Redis is away the
// counts of this instance alone are used, so signing in keeps working.

/** An attempt under way longer than this no longer counts (a sign-in takes well under it). */
const IN_FLIGHT_KEEP_MS = 60_000;

function parseCounter(text: string | null): Counter | undefined {
  if (!text) return undefined;
  try {
    const counter = JSON.parse(text) as Counter;
    return Number.isFinite(counter.failures) && Number.isFinite(counter.lockedUntil)
      ? counter
      : undefined;
  } catch {
    return undefined;
  }
}

export class RedisThrottleStore implements ThrottleStore {
  private readonly fallback = new MemoryThrottleStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly warn: (message: string) => void,
  ) {}

  read(keys: string[]): Promise<(Counter | undefined)[]> {
    return this.orFallback(
      async () => (await this.redis.mget(keys.map((key) => this.prefix + key))).map(parseCounter),
      () => this.fallback.read(keys),
    );
  }

  write(key: string, counter: Counter, keepMs: number): Promise<void> {
    return this.orFallback(
      async () => {
        await this.redis.set(this.prefix + key, JSON.stringify(counter), 'PX', Math.ceil(keepMs));
      },
      () => this.fallback.write(key, counter),
    );
  }

  remove(key: string): Promise<void> {
    return this.orFallback(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      () => this.fallback.remove(key),
    );
  }

  addInFlight(keys: string[], delta: number): Promise<number[]> {
    return this.orFallback(
      async () => {
        const batch = this.redis.multi();
        for (const key of keys) {
          const name = `${this.prefix}in-flight:${key}`;
          batch.incrby(name, delta).pexpire(name, IN_FLIGHT_KEEP_MS);
        }
        const replies = (await batch.exec()) ?? [];
        return keys.map((_, i) => Math.max(0, Number(replies[2 * i]?.[1] ?? 0)));
      },
      () => this.fallback.addInFlight(keys, delta),
    );
  }

  private async orFallback<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      this.warn(`Sign-in throttle counted on this instance only: ${(error as Error).message}`);
      return local();
    }
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
  const warn = (message: string) => app.log.warn(message);
  return new LoginThrottle(limits, new RedisThrottleStore(app.redis, prefix, warn));
}
