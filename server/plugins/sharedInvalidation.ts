import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { writeWatcherOf, type WrittenTables } from '../db/tableWrites';
import type { EngineInvalidation } from '../query/executeQuery';
import { SharedResults } from '../query/sharedResults';
import { openRedis, ready } from './redis';

// Instances over one store (DATABASE_URL and REDIS_URL set) keep each other's caches true
// (and share chart query results: query/sharedResults.ts):
// every write to the metadata store and every change the query engine forgets (a source's
// data, an account gone) is published on one Redis channel, and every other instance forgets
// the same at once: sessions, accounts, datasets and sources in memory, cached results. A
// revoked session is refused by all instances from the moment its revocation is answered.
//
// A write is published when it has run and its caller waits for that. A write inside a
// transaction runs before its commit, so an instance reading between the two could keep the
// old row: each published write is published once more a moment later, after any
// transaction around it has ended. When Redis is away a publish fails after a second and is
// logged; the others then see the change when their caches expire (two seconds).

/** When a write is told again, after the transaction around it. */
const REPEAT_AFTER_MS = 250;

/** What one instance tells the others. */
type Change = { kind: 'tables'; tables: WrittenTables } | EngineInvalidation;

interface Message {
  /** The instance that made the change (it does not apply its own messages). */
  from: string;
  change: Change;
}

function parseMessage(text: string): Message | null {
  try {
    const message = JSON.parse(text) as Message;
    return typeof message?.from === 'string' && message.change ? message : null;
  } catch {
    return null;
  }
}

/** Writes waiting to be told again, as one message of every table written. */
class RepeatedWrites {
  #tables = new Set<string>();
  #raw = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly publish: (tables: WrittenTables) => Promise<void>) {}

  add(written: WrittenTables): void {
    if (written === 'raw') this.#raw = true;
    else for (const table of written) this.#tables.add(table);
    this.#timer ??= setTimeout(() => void this.flush(), REPEAT_AFTER_MS);
  }

  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const tables: WrittenTables = this.#raw ? 'raw' : [...this.#tables];
    this.#tables = new Set();
    this.#raw = false;
    if (tables === 'raw' || tables.length > 0) await this.publish(tables);
  }
}

function applyChange(app: FastifyInstance, change: Change): void {
  if (change.kind === 'tables') writeWatcherOf(app.db)?.countElsewhere(change.tables);
  else app.queryEngine.forget(change);
}

async function subscribe(
  app: FastifyInstance,
  subscriber: Redis,
  channel: string,
  self: string,
): Promise<void> {
  subscriber.on('message', (_channel: string, text: string) => {
    const message = parseMessage(text);
    if (message && message.from !== self) applyChange(app, message.change);
  });
  // After a lost connection the subscriber subscribes again by itself (ioredis), but what was
  // published meanwhile is gone: forget everything once, every table and every result.
  subscriber.on('ready', () => {
    applyChange(app, { kind: 'tables', tables: 'raw' });
    app.queryEngine.cache.clear();
  });
  await subscriber.subscribe(channel);
}

/** Publishes and applies invalidations over `app.redis`; nothing without REDIS_URL. */
export async function registerSharedInvalidation(app: FastifyInstance): Promise<void> {
  const { redis } = app;
  if (!redis) return;
  const self = randomUUID();
  const channel = `${app.config.redisPrefix}:invalidations`;
  const publish = async (change: Change) => {
    try {
      await redis.publish(channel, JSON.stringify({ from: self, change } satisfies Message));
    } catch (error) {
      app.log.warn(`Could not tell the other instances of a change: ${(error as Error).message}`);
    }
  };
  const repeated = new RepeatedWrites((tables) => publish({ kind: 'tables', tables }));
  writeWatcherOf(app.db)?.onWritten(async (tables) => {
    await publish({ kind: 'tables', tables });
    repeated.add(tables);
  });
  const engine = app.queryEngine;
  engine.relay = (change) => void publish(change);
  engine.shared = new SharedResults(redis, app.config.redisPrefix, {
    settings: () => engine.settings,
    warn: (message) => app.log.warn(message),
  });

  const subscriber = openRedis(app.config.redisUrl!, 'brandboard-invalidations');
  subscriber.on('error', (error) => app.log.warn(`Redis (invalidations): ${error.message}`));
  try {
    await ready(subscriber);
    await subscribe(app, subscriber, channel, self);
  } catch (error) {
    subscriber.disconnect();
    throw error;
  }
  app.addHook('onClose', async () => {
    await repeated.flush();
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
}
