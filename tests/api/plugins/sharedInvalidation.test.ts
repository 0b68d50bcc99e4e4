import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWarehouseDataset } from '../chartsHarness';
import { call } from '../fixtures';
import {
  buildInstances,
  closeInstances,
  isPostgresReachable,
  isRedisReachable,
  login,
  type TestServer,
} from '../harness';

// Two instances over one PostgreSQL store and one Redis (DATABASE_URL and REDIS_URL set), as
// behind a load balancer: what one changes, the other stops serving from its caches at once,
// well inside the two seconds its caches would otherwise keep it; request limits and failed
// sign-ins are one budget across both.

const reachable = (await isPostgresReachable()) && (await isRedisReachable());

describe.runIf(reachable)('two instances over one store and one Redis', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    [first, second] = await buildInstances(2, { RATE_LIMIT_SHARE_PER_MINUTE: '4' });
  });
  afterAll(() => closeInstances([first, second].filter(Boolean)));

  const me = (server: TestServer, token: string) =>
    call(server, 'GET', '/api/v1/me', { token, site: 'acme' });

  it('refuses on one instance a session signed out on the other, at once', async () => {
    const { token } = await login(first.base, 'acme', 'editor');
    // The second instance has read the session, and keeps it for two seconds.
    expect((await me(second, token)).status).toBe(200);
    expect((await me(second, token)).status).toBe(200);

    expect((await call(first, 'GET', '/api/v1/logout', { token, site: 'acme' })).status).toBe(200);
    expect((await me(second, token)).status).toBe(401);
  });

  it('refuses a user deactivated on one instance on the other, at once', async () => {
    const admin = await first.sessionFor('acme', 'admin');
    const { token } = await login(second.base, 'acme', 'viewer');
    expect((await me(second, token)).status).toBe(200);
    const viewer = (await me(second, token)).json as { id: number };

    const deactivated = await call(first, 'PUT', `/api/v1/users/${viewer.id}`, {
      token: admin,
      site: 'acme',
      body: { active: false },
    });
    expect(deactivated.status).toBe(200);
    expect((await me(second, token)).status).toBe(401);
  });

  it('forgets on one instance the cached results of a source changed on the other', async () => {
    const accountId = await second.addAccount('north', { editor: 'editor' });
    const datasetId = await addWarehouseDataset(second, accountId, {
      name: 'Numbers',
      table: 'numbers',
      fields: [{ name: 'n', label: 'N', type: 'number', role: 'measure', synonyms: [] }],
    });
    await second.app.sourceConnectors.withWarehouse(accountId, (warehouse) =>
      warehouse.withConnection((connection) =>
        connection.run('create table numbers as select range as n from range(3)'),
      ),
    );
    const token = await second.sessionFor('north', 'editor');
    const ask = () =>
      call(second, 'POST', '/api/v1/query', {
        token,
        site: 'north',
        body: { query: { datasetId, dimensions: [], measures: [{ field: 'n', agg: 'sum' }] } },
      });
    expect((await ask()).json).toMatchObject({ rows: [[3]], cached: false });
    expect((await ask()).json).toMatchObject({ rows: [[3]], cached: true });

    const { sourceId } = await second.app.queryEngine.dataset(accountId, datasetId);
    first.app.queryEngine.invalidateSource(accountId, sourceId);
    await expect.poll(async () => (await ask()).json).toMatchObject({ cached: false });
  });

  it('counts failed sign-ins on both instances in one budget', async () => {
    const attempt = (server: TestServer) =>
      call(server, 'POST', '/api/v1/login', {
        site: 'acme',
        body: { username: 'viewer', password: 'not the password' },
      });
    const statuses = [];
    // Five free failures per user and address (LOGIN_LIMIT_PER_USER), spread over both.
    for (const server of [first, second, first, second, first, second]) {
      statuses.push((await attempt(server)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts share-link requests of both instances in one budget per address', async () => {
    const path = '/api/v1/share/dashboards/1?token=not-a-real-token';
    const statuses = [];
    for (const server of [first, second, first, second, first]) {
      statuses.push((await call(server, 'GET', path)).status);
    }
    // Four a minute: the fifth, whichever instance it reaches, is refused.
    expect(statuses.slice(0, 4)).not.toContain(429);
    expect(statuses[4]).toBe(429);
  });
});
