import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, BACKENDS, type ErrorBody } from '../authFixtures';
import { api, login, startServer, TEST_PASSWORD, type Session, type TestServer } from '../harness';

// Suspending an account (active false) stops it at once: its users cannot sign in, its
// sessions and API tokens answer 401, its share links are refused. Other accounts go on.
// Reactivation restores all of it.

describe.each(BACKENDS)('account suspension on %s', (backend) => {
  let server: TestServer;
  let platform: Session;
  let accountId: number;
  let session: Session;
  let apiToken: Session;
  let share: { dashboardId: number; token: string };

  const call = (who: Session | null, method: string, path: string, body?: unknown) =>
    api(server.baseUrl, who, method, path, body);

  const signIn = () =>
    api(
      server.baseUrl,
      null,
      'POST',
      '/api/v1/login',
      { username: 'boss', password: TEST_PASSWORD },
      {
        site: 'paused',
      },
    );

  const openShare = () =>
    api(server.baseUrl, null, 'GET', `/api/v1/share/dashboards/${share.dashboardId}`, undefined, {
      site: 'paused',
      authorization: `Bearer ${share.token}`,
    });

  const setActive = async (active: boolean) => {
    const answer = await call(platform, 'PUT', `/api/v1/accounts/${accountId}`, { active });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ active });
  };

  beforeAll(async () => {
    server = await startServer({ backend });
    platform = await login(server.baseUrl, 'www', 'admin');
    const created = await call(platform, 'POST', '/api/v1/accounts', {
      site: 'paused',
      name: 'Paused Inc.',
      plan: 'team',
    });
    accountId = (created.body as { id: number }).id;
    await addUser(server, accountId, { username: 'boss', role: 'admin' });
    session = await login(server.baseUrl, 'paused', 'boss');
    const token = await call(session, 'POST', '/api/v1/tokens', { label: 'export' });
    const secret = (token.body as { token: string }).token;
    apiToken = {
      token: secret,
      site: 'paused',
      headers: { authorization: `Bearer ${secret}`, site: 'paused' },
    };
    const dashboard = await call(session, 'POST', '/api/v1/dashboards', { name: 'Board' });
    const dashboardId = (dashboard.body as { id: number }).id;
    const link = await call(session, 'POST', `/api/v1/dashboards/${dashboardId}/shareLinks`, {
      label: 'public',
    });
    share = { dashboardId, token: (link.body as { token: string }).token };
  });
  afterAll(async () => server?.close());

  it('everything works while the account is active', async () => {
    expect((await signIn()).status).toBe(200);
    expect((await call(session, 'GET', '/api/v1/dashboards')).status).toBe(200);
    expect((await call(apiToken, 'GET', '/api/v1/dashboards')).status).toBe(200);
    const shared = await openShare();
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body).toMatchObject({ dashboard: { name: 'Board' } });
  });

  it('a suspended account cannot sign in; its sessions, tokens and share links stop', async () => {
    await setActive(false);
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).message).toBe('This account is not active.');
    expect((await call(session, 'GET', '/api/v1/dashboards')).status).toBe(401);
    expect((await call(session, 'GET', '/api/v1/users')).status).toBe(401);
    expect((await call(apiToken, 'GET', '/api/v1/dashboards')).status).toBe(401);
    expect((await openShare()).status).toBe(404);
    // Other tenants go on.
    const acme = await login(server.baseUrl, 'acme', 'admin');
    expect((await call(acme, 'GET', '/api/v1/dashboards')).status).toBe(200);
  });

  it('reactivation restores sign-in, sessions, tokens and share links', async () => {
    await setActive(true);
    expect((await signIn()).status).toBe(200);
    expect((await call(session, 'GET', '/api/v1/dashboards')).status).toBe(200);
    expect((await call(apiToken, 'GET', '/api/v1/dashboards')).status).toBe(200);
    expect((await openShare()).status).toBe(200);
  });

  it('the platform account cannot be suspended', async () => {
    const accounts = (await call(platform, 'GET', '/api/v1/accounts?filter={"q":"www"}')).body as {
      id: number;
    }[];
    const answer = await call(platform, 'PUT', `/api/v1/accounts/${accounts[0].id}`, {
      active: false,
    });
    expect(answer.status).toBe(409);
    expect((await call(platform, 'GET', '/api/v1/accounts')).status).toBe(200);
  });
});
