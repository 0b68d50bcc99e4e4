import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';

// The connection to REDIS_URL that instances over one store share, or null on a single
// instance. Commands fail fast while Redis is away rather than queue: what goes through it
// (an invalidation to the others, a request count) must never hold a request for long.

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands to the shared Redis; null when REDIS_URL is unset. */
    redis: Redis | null;
  }
}

/** The longest a command may take before it counts as failed. */
const COMMAND_TIMEOUT_MS = 1_000;

/** A connection of the server's own: commands time out, none queue while disconnected. */
export function openRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect for ever, at most every 2 s: Redis restarting must not need a restart here.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
}

/** How long start-up waits for Redis before it gives up. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Resolves once `redis` is connected; rejects when it is not within CONNECT_TIMEOUT_MS. */
export function ready(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis at REDIS_URL did not answer within ${CONNECT_TIMEOUT_MS / 1000} s.`));
    }, CONNECT_TIMEOUT_MS);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/** Decorates `app.redis`, connected before the routes take requests; closed with the app. */
export async function registerRedis(app: FastifyInstance): Promise<void> {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const redis = openRedis(url, 'brandboard');
  redis.on('error', (error) => app.log.warn(`Redis: ${error.message}`));
  try {
    await ready(redis);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}
