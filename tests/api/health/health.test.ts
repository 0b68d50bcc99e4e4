import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../fixtures';
import {
  build,
  buildInstances,
  closeInstances,
  isPostgresReachable,
  isRedisReachable,
  type TestServer,
} from '../harness';

// GET /api/v1/health, as a load balancer asks it: no sign-in, on any host, 200 while the
// instance's store answers ('degraded' while Redis is away), 503 while the store does not.

describe('health of a single instance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server?.close());

  it('answers ok without a sign-in, on the bare address and on a tenant host, never cached', async () => {
    for (const site of [undefined, 'acme']) {
      const answer = await call(server, 'GET', '/api/v1/health', { site });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'not used' },
      });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 503 naming the store once the store no longer answers', async () => {
    const broken = await build();
    try {
      await broken.app.db.destroy();
      const answer = await call(broken, 'GET', '/api/v1/health');
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({
        status: 'unavailable',
        checks: { database: 'failing', redis: 'not used' },
      });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

const reachable = (await isPostgresReachable()) && (await isRedisReachable());

describe.runIf(reachable)('health of an instance using Redis', () => {
  let instance: TestServer;
  beforeAll(async () => {
    [instance] = await buildInstances(1);
  });
  afterAll(() => closeInstances([instance].filter(Boolean)));

  it('checks Redis too, and answers degraded (still 200) while Redis is away', async () => {
    const healthy = await call(instance, 'GET', '/api/v1/health');
    expect(healthy.json).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });

    instance.app.redis!.disconnect();
    const answer = await call(instance, 'GET', '/api/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: 'degraded',
      checks: { database: 'ok', redis: 'failing' },
    });
    // The health check's own command may already have the client reconnecting.
    const redis = instance.app.redis!;
    if (redis.status === 'end') await redis.connect();
  });
});
