import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, type Session } from '../harness';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// Two tenants made the way customers make them (register, approval, plan, password) see
// nothing of each other: records of the other answer 404, lists hold only their own rows, and
// a session or API token of one site is refused on the other.

const PASSWORD = 'a long enough password 42';

async function registerTenant(server: PlatformServer, root: string, site: string) {
  const registered = await call(server, 'POST', '/api/v1/register', {
    body: {
      companyName: `${site} Ltd`,
      site,
      fullName: `Boss of ${site}`,
      email: `boss@${site}.example`,
      username: 'boss',
    },
  });
  expect(registered.status).toBe(200);
  const id = Number(registered.headers.get('location')?.split('/').pop());
  const approved = await call(server, 'POST', `/api/v1/registrations/${id}/approve`, {
    token: root,
    body: {},
  });
  expect(approved.status).toBe(200);
  const plans = await call(server, 'GET', '/api/v1/public/pricingPlans');
  const created = await call(server, 'POST', '/node/api/v1/accountRegistrations', {
    body: { plan: plans.json[1].id, registrationToken: approved.json.token },
  });
  expect(created.status).toBe(200);
  const invitation = String(created.json.createPasswordPath).split('/').pop();
  const set = await call(server, 'POST', '/api/v1/createPassword', {
    body: { invitation, password: PASSWORD },
  });
  expect(set.status).toBe(200);
  return login(server.base, site, 'boss', PASSWORD);
}

describe('tenants created by registration are isolated', () => {
  let server: PlatformServer;
  let north: Session;
  let south: Session;

  beforeAll(async () => {
    server = await startPlatformServer();
    const root = await server.sessionFor('www', 'admin');
    north = await registerTenant(server, root, 'northwind');
    south = await registerTenant(server, root, 'southwind');
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = async (session: Session, path: string, body: unknown) => {
    const answer = await api(server.base, session, 'POST', path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body as { id: number; token?: string };
  };

  it("answers 404 for the other tenant's records and lists only one's own", async () => {
    const dashboard = await create(north, '/api/v1/dashboards', {
      name: 'North board',
      tiles: [],
      filters: [],
      refreshSeconds: 0,
    });
    const colleague = await create(north, '/api/v1/users', {
      username: 'clerk',
      fullName: 'North Clerk',
      email: 'clerk@northwind.example',
      role: 'viewer',
    });
    for (const path of [`/api/v1/dashboards/${dashboard.id}`, `/api/v1/users/${colleague.id}`]) {
      expect((await api(server.base, north, 'GET', path)).status, path).toBe(200);
      expect((await api(server.base, south, 'GET', path)).status, path).toBe(404);
      expect((await api(server.base, south, 'DELETE', path)).status, path).toBe(404);
    }
    const southUsers = await api(server.base, south, 'GET', '/api/v1/users');
    expect((southUsers.body as { username: string; site: string }[]).map((u) => u.site)).toEqual([
      'southwind',
    ]);
    const southBoards = await api(server.base, south, 'GET', '/api/v1/dashboards');
    expect(southBoards.body).toEqual([]);
  });

  it("refuses one site's session and API token on the other site", async () => {
    const token = await create(north, '/api/v1/tokens', { label: 'script', scope: 'read' });
    expect(typeof token.token).toBe('string');
    const asNorthOnSouth = { ...north, headers: { ...north.headers, site: 'southwind' } };
    expect((await api(server.base, asNorthOnSouth, 'GET', '/api/v1/users')).status).toBe(403);
    const apiToken = {
      token: token.token!,
      site: 'southwind',
      headers: { authorization: `Bearer ${token.token}`, site: 'southwind' },
    };
    expect((await api(server.base, apiToken, 'GET', '/api/v1/dashboards')).status).toBe(403);
    const onOwnSite = {
      ...apiToken,
      site: 'northwind',
      headers: { ...apiToken.headers, site: 'northwind' },
    };
    expect((await api(server.base, onOwnSite, 'GET', '/api/v1/dashboards')).status).toBe(200);
  });
});
