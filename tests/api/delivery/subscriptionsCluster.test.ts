import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../../common/api/subscriptions';
import {
  api,
  buildInstances,
  closeInstances,
  isPostgresReachable,
  isRedisReachable,
  login,
  type TestServer,
} from '../harness';

// One run per schedule tick across two instances of one installation (PostgreSQL and Redis):
// both check at the same instant of a fake clock, one claims the tick, its job delivers once.

const reachable = (await isPostgresReachable()) && (await isRedisReachable());
const DAY_MS = 24 * 60 * 60 * 1000;

describe.runIf(reachable)('subscriptions across two instances', () => {
  let first: TestServer;
  let second: TestServer;
  let receiver: Server;
  let hookUrl: string;
  const posted: string[] = [];

  beforeAll(async () => {
    [first, second] = await buildInstances(2, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        posted.push(Buffer.concat(chunks).toString());
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await closeInstances([first, second].filter(Boolean));
    await new Promise((done) => receiver?.close(done));
  });

  it('queues and delivers a due tick once, whichever instances check', async () => {
    const admin = await login(first.baseUrl, 'acme', 'admin');
    const board = await api(first.baseUrl, admin, 'POST', '/api/v1/dashboards', {
      name: 'Morning notes',
      tiles: [{ id: 'n', kind: 'text', markdown: 'Hello', layout: { x: 0, y: 0, w: 12, h: 2 } }],
      filters: [],
      refreshSeconds: 0,
    });
    expect(board.status).toBe(200);
    const made = await api(first.baseUrl, admin, 'POST', '/api/v1/subscriptions', {
      dashboardId: (board.body as { id: number }).id,
      schedule: { every: 'hour', minute: 0 },
      channel: 'webhook',
      webhookUrl: hookUrl,
    });
    expect(made.status).toBe(200);
    const subscription = made.body as Subscription;

    const now = new Date(Date.now() + DAY_MS);
    const [onFirst, onSecond] = await Promise.all(
      [first, second].map((instance) => instance.app.subscriptionDeliveries.queueDue(now)),
    );
    const queued = [...onFirst, ...onSecond].filter((p) => p.subscriptionId === subscription.id);
    expect(queued).toHaveLength(1);
    const owner = onFirst.length > 0 ? first : second;
    await owner.app.subscriptionDeliveries.deliver(queued[0]);
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0])).toMatchObject({
      dashboard: { name: 'Morning notes' },
      charts: [],
    });

    const runs = await api(
      second.baseUrl,
      await login(second.baseUrl, 'acme', 'admin'),
      'GET',
      '/api/v1/subscriptions/runs',
    );
    expect(
      (runs.body as Array<{ outcome: string; tick: string }>).map((run) => run.outcome),
    ).toEqual(['sent']);
  });
});
