import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, BACKENDS, type ErrorBody } from '../authFixtures';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// Plan limits: every create past the account's plan answers 403 with the code `plan-limit`,
// naming the plan and the limit, and writes nothing; a null limit is unlimited; a change of plan holds at once.

interface PlanLimits {
  maxUsers: number | null;
  maxDashboards: number | null;
  maxDataSources: number | null;
  maxStorageMb: number | null;
}

interface AccountWithUsage {
  id: number;
  plan: string;
  planId: number | null;
  limits: PlanLimits | null;
  usage: { users: number; dashboards: number; dataSources: number; storageBytes: number };
}

const UNLIMITED: PlanLimits = {
  maxUsers: null,
  maxDashboards: null,
  maxDataSources: null,
  maxStorageMb: null,
};

const MB = 1024 * 1024;

/** A CSV of about `megabytes` MB. */
function csvOf(megabytes: number): string {
  const row = 'north,12345.678,2024-01-02,some longer text to fill the row quickly\n';
  return `region,amount,day,note\n${row.repeat(Math.ceil((megabytes * MB) / row.length))}`;
}

describe.each(BACKENDS)('plan limits on %s', (backend) => {
  let server: TestServer;
  let platform: Session;
  let admin: Session;
  let accountId: number;
  let starterId: number;

  const call = (session: Session | null, method: string, path: string, body?: unknown) =>
    api(server.baseUrl, session, method, path, body);

  const planBody = (name: string, limits: PlanLimits) => ({
    name,
    priceMonthly: 900,
    currency: 'USD',
    features: [],
    highlighted: false,
    active: true,
    sortOrder: 50,
    ...limits,
  });

  async function setLimits(planId: number, name: string, limits: Partial<PlanLimits>) {
    const answer = await call(platform, 'PUT', `/api/v1/pricing/${planId}`, {
      ...planBody(name, UNLIMITED),
      ...limits,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  async function account(): Promise<AccountWithUsage> {
    return (await call(platform, 'GET', `/api/v1/accounts/${accountId}`)).body as AccountWithUsage;
  }

  function expectRefusal(answer: { status: number; body: unknown }, message: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect((answer.body as ErrorBody).message).toBe(message);
    // A business refusal: the web app shows it and keeps the session (a 403 without it signs out).
    expect((answer.body as ErrorBody).code).toBe('plan-limit');
  }

  const newUser = (username: string) => ({
    username,
    fullName: `${username} test`,
    email: `${username}@limited.example`,
    role: 'viewer',
    password: 'a-long-enough-password',
    active: true,
  });

  async function upload(content: string, table: string) {
    const sources = (await call(admin, 'GET', '/api/v1/datasources')).body as {
      id: number;
      type: string;
    }[];
    const warehouse = sources.find((source) => source.type === 'duckdb');
    const body = new FormData();
    body.append('table', table);
    body.append('file', new Blob([content]), `${table}.csv`);
    const response = await fetch(`${server.baseUrl}/api/v1/datasources/${warehouse?.id}/uploads`, {
      method: 'POST',
      headers: admin.headers,
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  beforeAll(async () => {
    server = await startServer({ backend });
    platform = await login(server.baseUrl, 'www', 'admin');
    const plan = await call(platform, 'POST', '/api/v1/pricing', planBody('Starter', UNLIMITED));
    starterId = (plan.body as { id: number }).id;
    const created = await call(platform, 'POST', '/api/v1/accounts', {
      site: 'limited',
      name: 'Limited Ltd',
      planId: starterId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    accountId = (created.body as { id: number }).id;
    await addUser(server, accountId, { username: 'boss', role: 'admin' });
    admin = await login(server.baseUrl, 'limited', 'boss');
  });
  afterAll(async () => server?.close());

  it('links the account to the chosen plan and answers its limits and usage', async () => {
    await setLimits(starterId, 'Starter', { maxUsers: 7, maxStorageMb: 100 });
    const answer = await account();
    expect(answer).toMatchObject({
      plan: 'Starter',
      planId: starterId,
      limits: { ...UNLIMITED, maxUsers: 7, maxStorageMb: 100 },
      usage: { users: 1, dashboards: 0, dataSources: 0, storageBytes: 0 },
    });
    const seeded = (await call(platform, 'GET', '/api/v1/accounts?filter={"q":"acme"}'))
      .body as AccountWithUsage[];
    const acme = (await call(platform, 'GET', `/api/v1/accounts/${seeded[0].id}`))
      .body as AccountWithUsage;
    expect(acme).toMatchObject({ plan: 'team', limits: { maxUsers: 25, maxDashboards: null } });
    const www = (await call(platform, 'GET', '/api/v1/accounts?filter={"q":"www"}'))
      .body as AccountWithUsage[];
    expect(www[0].planId).toBeNull();
  });

  it('refuses a user past the plan, naming the limit, and creates none', async () => {
    await setLimits(starterId, 'Starter', { maxUsers: 2 });
    expect((await call(admin, 'POST', '/api/v1/users', newUser('second'))).status).toBe(200);
    expectRefusal(
      await call(admin, 'POST', '/api/v1/users', newUser('third')),
      'The Starter plan allows 2 users.',
    );
    expect((await account()).usage.users).toBe(2);
  });

  it('refuses a dashboard, and a duplicate, past the plan', async () => {
    await setLimits(starterId, 'Starter', { maxDashboards: 1 });
    const first = await call(admin, 'POST', '/api/v1/dashboards', { name: 'One' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const message = 'The Starter plan allows 1 dashboard.';
    expectRefusal(await call(admin, 'POST', '/api/v1/dashboards', { name: 'Two' }), message);
    const id = (first.body as { id: number }).id;
    expectRefusal(await call(admin, 'POST', `/api/v1/dashboards/${id}/duplicate`), message);
    expect((await account()).usage.dashboards).toBe(1);
  });

  it('lets exactly the free places through when creates arrive at once', async () => {
    const before = (await account()).usage.dashboards;
    await setLimits(starterId, 'Starter', { maxDashboards: before + 2 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(admin, 'POST', '/api/v1/dashboards', { name: `Rush ${n}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 403)).toHaveLength(18);
    expect((await account()).usage.dashboards).toBe(before + 2);
  });

  it('refuses a data source past the plan', async () => {
    // Listing the sources creates the account's DuckDB warehouse source.
    await call(admin, 'GET', '/api/v1/datasources');
    const before = (await account()).usage.dataSources;
    expect(before).toBe(1);
    await setLimits(starterId, 'Starter', { maxDataSources: 2 });
    const source = (name: string) => ({ name, type: 'sqlite', config: { file: `${name}.db` } });
    const created = await call(admin, 'POST', '/api/v1/datasources', source('files'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectRefusal(
      await call(admin, 'POST', '/api/v1/datasources', source('more')),
      'The Starter plan allows 2 data sources.',
    );
    expect((await account()).usage.dataSources).toBe(2);
  });

  it('refuses an upload that would pass the storage of the plan, ingesting nothing', async () => {
    await setLimits(starterId, 'Starter', { maxStorageMb: 1 });
    expectRefusal(await upload(csvOf(1.5), 'big'), 'The Starter plan allows 1 MB of storage.');
    const small = await upload('region,amount\nnorth,1\n', 'small');
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    const sources = (await call(admin, 'GET', '/api/v1/datasources')).body as {
      id: number;
      type: string;
    }[];
    const warehouse = sources.find((s) => s.type === 'duckdb');
    const schema = await call(admin, 'GET', `/api/v1/datasources/${warehouse?.id}/schema`);
    const tables = (schema.body as { tables: { name: string }[] }).tables.map((t) => t.name);
    expect(tables).toEqual(['small']);
    expect((await account()).usage.storageBytes).toBeGreaterThan(0);
  });

  it('a null limit is unlimited', async () => {
    await setLimits(starterId, 'Starter', UNLIMITED);
    expect((await call(admin, 'POST', '/api/v1/users', newUser('third'))).status).toBe(200);
    expect((await call(admin, 'POST', '/api/v1/dashboards', { name: 'Two' })).status).toBe(200);
    const source = { name: 'more', type: 'sqlite', config: { file: 'more.db' } };
    expect((await call(admin, 'POST', '/api/v1/datasources', source)).status).toBe(200);
    expect((await upload(csvOf(1.5), 'big')).status).toBe(200);
  });

  it('a change of plan takes effect at once; a renamed plan relabels; one in use cannot be deleted', async () => {
    const tiny = await call(platform, 'POST', '/api/v1/pricing', {
      ...planBody('Tiny', UNLIMITED),
      maxDashboards: 2,
    });
    const tinyId = (tiny.body as { id: number }).id;
    const moved = await call(platform, 'PUT', `/api/v1/accounts/${accountId}`, { planId: tinyId });
    expect(moved.body).toMatchObject({
      plan: 'Tiny',
      planId: tinyId,
      limits: { maxDashboards: 2 },
    });
    expectRefusal(
      await call(admin, 'POST', '/api/v1/dashboards', { name: 'Three' }),
      'The Tiny plan allows 2 dashboards.',
    );
    await call(platform, 'PUT', `/api/v1/pricing/${tinyId}`, {
      ...planBody('Tiny Plus', UNLIMITED),
      maxDashboards: 2,
    });
    expect(await account()).toMatchObject({ plan: 'Tiny Plus', planId: tinyId });
    const inUse = await call(platform, 'DELETE', `/api/v1/pricing/${tinyId}`);
    expect(inUse.status).toBe(409);
    expect((inUse.body as ErrorBody).message).toMatch(/1 account is on it/);

    await call(platform, 'PUT', `/api/v1/accounts/${accountId}`, { planId: starterId });
    expect((await call(admin, 'POST', '/api/v1/dashboards', { name: 'Three' })).status).toBe(200);
    expect((await call(platform, 'DELETE', `/api/v1/pricing/${tinyId}`)).status).toBe(200);
    const unknown = await call(platform, 'PUT', `/api/v1/accounts/${accountId}`, {
      planId: tinyId,
    });
    expect(unknown).toMatchObject({ status: 400, body: { field: 'planId' } });
  });
});
