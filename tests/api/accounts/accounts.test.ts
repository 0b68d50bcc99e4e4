import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../common/types';
import { hashToken, newToken } from '../../../server/http/tokens';
import { nowIso } from '../../../server/db/schema';
import { warehouseFile } from '../../../server/engines/duckdb/warehouse';
import { addAccount, addUser, BACKENDS, countRows, type ErrorBody } from '../authFixtures';
import { api, login, startServer, type Session, type TestServer } from '../harness';
import { dataProviderFor, failureOf } from '../usersClient';

// Accounts (tenants): platform admins only; site fixed once created; deleting one removes
// everything it owns.

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let server: TestServer;
  let platform: Session;

  const call = (session: Session | null, method: string, path: string, body?: unknown) =>
    api(server.baseUrl, session, method, path, body);

  beforeAll(async () => {
    server = await startServer({ backend });
    platform = await login(server.baseUrl, 'www', 'admin');
  });
  afterAll(async () => server?.close());

  it('the platform admin lists, sorts, filters and reads accounts', async () => {
    const provider = dataProviderFor(server.baseUrl, platform);
    const list = await provider.getList<Account>('accounts', {
      sort: { field: 'site', order: 'DESC' },
      pagination: { page: 1, perPage: 10 },
      filter: {},
    });
    expect(list.total).toBe(2);
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        site: 'www',
        name: 'Brandboard',
        plan: 'platform',
        planId: null,
        active: true,
      },
      {
        id: expect.any(Number),
        site: 'acme',
        name: 'Acme Analytics',
        plan: 'team',
        planId: expect.any(Number),
        active: true,
      },
    ]);
    const found = await provider.getList<Account>('accounts', {
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
      filter: { q: 'acme', active: true },
    });
    expect(found.data.map((account) => account.site)).toEqual(['acme']);
    const one = await provider.getOne<Account>('accounts', { id: found.data[0].id });
    // The single answer adds the plan's limits and the usage (tests/api/planLimits.test.ts).
    expect(one.data).toMatchObject(found.data[0]);
    const many = await provider.getMany<Account>('accounts', { ids: list.data.map((a) => a.id) });
    expect(many.data).toHaveLength(2);
    const raw = await call(platform, 'GET', '/api/v1/accounts?range=[0,0]');
    expect(raw.headers.get('content-range')).toBe('accounts 0-0/2');
    expect(raw.headers.get('x-total-count')).toBe('2');
  });

  it('tenant users, even admins, get 403; anonymous callers 401', async () => {
    for (const username of ['admin', 'editor', 'viewer']) {
      const session = await login(server.baseUrl, 'acme', username);
      expect((await call(session, 'GET', '/api/v1/accounts')).status).toBe(403);
      expect((await call(session, 'GET', '/api/v1/accounts/1')).status).toBe(403);
      const create = await call(session, 'POST', '/api/v1/accounts', {
        site: 'sneaky',
        name: 'Sneaky',
        plan: 'team',
      });
      expect(create.status).toBe(403);
    }
    expect((await call(null, 'GET', '/api/v1/accounts')).status).toBe(401);
    expect(await countRows(server, 'accounts')).toBe(2);
  });

  it('create, update and the fixed site', async () => {
    const provider = dataProviderFor(server.baseUrl, platform);
    const created = await provider.create<Account>('accounts', {
      data: { site: 'Globex', name: 'Globex Corp', plan: 'starter', active: true },
    });
    expect(created.data).toEqual({
      id: expect.any(Number),
      site: 'globex',
      name: 'Globex Corp',
      plan: 'starter',
      planId: null,
      active: true,
    });
    const id = created.data.id;
    const updated = await provider.update<Account>('accounts', {
      id,
      data: { name: 'Globex Corporation', plan: 'enterprise', active: false },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({
      ...created.data,
      name: 'Globex Corporation',
      plan: 'enterprise',
      active: false,
    });
    const sameSite = await call(platform, 'PUT', `/api/v1/accounts/${id}`, {
      id,
      site: 'globex',
      name: 'Globex',
    });
    expect(sameSite.status).toBe(200);
    const moved = await call(platform, 'PUT', `/api/v1/accounts/${id}`, { site: 'initech' });
    expect(moved).toMatchObject({ status: 400, body: { field: 'site' } });
    expect((moved.body as ErrorBody).message).toMatch(/cannot be changed/);
    const taken = await failureOf(
      provider.create('accounts', { data: { site: 'globex', name: 'Copy', plan: 'team' } }),
    );
    expect(taken).toMatchObject({ status: 409, body: { field: 'site' } });
  });

  it('refuses bad sites, the platform site, reserved names and bad bodies, writing nothing', async () => {
    const before = await countRows(server, 'accounts');
    const good = { site: 'valid-site', name: 'Valid', plan: 'team', active: true };
    const cases: [unknown, number, string | undefined][] = [
      ['{"site":', 400, undefined],
      [{ ...good, site: 'www' }, 400, 'site'],
      [{ ...good, site: 'admin' }, 400, 'site'],
      [{ ...good, site: 'a' }, 400, 'site'],
      [{ ...good, site: '-bad-' }, 400, 'site'],
      [{ ...good, site: 'under_score' }, 400, 'site'],
      [{ ...good, site: 'x'.repeat(41) }, 400, 'site'],
      [{ ...good, name: '' }, 400, 'name'],
      [{ ...good, plan: 3 }, 400, 'plan'],
      [{ ...good, active: 'true' }, 400, 'active'],
      [{ site: 'valid-site', plan: 'team' }, 400, 'name'],
      [{ ...good, owner: 'me' }, 400, 'owner'],
      [{ ...good, name: 'n'.repeat(30_000) }, 413, undefined],
    ];
    for (const [body, status, field] of cases) {
      const answer = await call(platform, 'POST', '/api/v1/accounts', body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect((answer.body as ErrorBody).field).toBe(field);
    }
    expect(await countRows(server, 'accounts')).toBe(before);
    const acme = (await call(platform, 'GET', '/api/v1/accounts?filter={"q":"acme"}'))
      .body as Account[];
    const path = `/api/v1/accounts/${acme[0].id}`;
    for (const body of [{ active: 'no' }, { id: acme[0].id + 1000 }, { createdAt: 'x' }, '[']) {
      expect((await call(platform, 'PUT', path, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(platform, 'GET', path)).body).toMatchObject(acme[0]);
    const badList = await call(platform, 'GET', '/api/v1/accounts?sort=["created_at","ASC"]');
    expect(badList).toMatchObject({ status: 400, body: { field: 'sort' } });
    const badFilter = await call(platform, 'GET', '/api/v1/accounts?filter={"plan":"team"}');
    expect(badFilter).toMatchObject({ status: 400, body: { field: 'filter' } });
    expect((await call(platform, 'GET', '/api/v1/accounts/999999')).status).toBe(404);
  });

  it('the platform account can be neither deleted nor deactivated (409)', async () => {
    const www = (await call(platform, 'GET', '/api/v1/accounts?filter={"q":"www"}'))
      .body as Account[];
    const path = `/api/v1/accounts/${www[0].id}`;
    expect((await call(platform, 'DELETE', path)).status).toBe(409);
    expect((await call(platform, 'PUT', path, { active: false })).status).toBe(409);
    expect((await call(platform, 'GET', path)).body).toMatchObject({ site: 'www', active: true });
  });

  it('deleting an account removes everything it owns and its warehouse file', async () => {
    const accountId = await addAccount(server, 'doomed');
    const { id: userId } = await addUser(server, accountId, { username: 'boss', role: 'admin' });
    const boss = await login(server.baseUrl, 'doomed', 'boss');
    await seedAccountData(server, boss, accountId, userId);
    const file = warehouseFile(server.config.dataDir, accountId);
    expect(existsSync(file)).toBe(true);
    const hidden = await api(server.baseUrl, boss, 'PUT', '/api/v1/gettingStarted', {
      dismissed: true,
    });
    expect(hidden.status).toBe(200);

    const deleted = await call(platform, 'DELETE', `/api/v1/accounts/${accountId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: accountId, site: 'doomed' });

    const db = server.app.db;
    for (const table of [
      'users',
      'sessions',
      'company_profiles',
      'data_sources',
      'datasets',
      'activation_tokens',
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const milestones = await db
      .selectFrom('account_milestones')
      .select('name')
      .where('account_id', '=', accountId)
      .execute();
    expect(milestones).toEqual([]);
    const registration = await db
      .selectFrom('registrations')
      .select('account_id')
      .where('site', '=', 'doomed')
      .executeTakeFirstOrThrow();
    expect(registration.account_id).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect((await call(boss, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    expect((await call(platform, 'GET', `/api/v1/accounts/${accountId}`)).status).toBe(404);

    // The site is free again, for a new, empty account.
    const again = await addAccount(server, 'doomed');
    expect(again).not.toBe(accountId);
    const users = await db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', again)
      .execute();
    expect(users).toEqual([]);
  });
});

/** Gives an account a profile, a warehouse with a table, a dataset, a token and platform rows. */
async function seedAccountData(
  server: TestServer,
  boss: Session,
  accountId: number,
  userId: number,
) {
  const db = server.app.db;
  const sources = await api(server.baseUrl, boss, 'GET', '/api/v1/datasources');
  const warehouseId = (sources.body as { id: number }[])[0].id;
  const form = new FormData();
  form.append('file', new Blob(['city,amount\nOslo,3\nLima,4\n']), 'sales.csv');
  const upload = await fetch(`${server.baseUrl}/api/v1/datasources/${warehouseId}/uploads`, {
    method: 'POST',
    headers: boss.headers,
    body: form,
  });
  expect(upload.status).toBe(200);
  const now = nowIso();
  await db
    .insertInto('datasets')
    .values({
      account_id: accountId,
      source_id: warehouseId,
      name: 'Sales',
      description: '',
      table_name: 'sales',
      sql: null,
      fields_json: '[]',
      row_count: 2,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('company_profiles')
    .values({
      account_id: accountId,
      name: 'Doomed Ltd',
      website: 'doomed.example',
      primary_color: '#000000',
      secondary_color: '#ffffff',
      logo: null,
      logo_mime: null,
    })
    .execute();
  const token = await api(server.baseUrl, boss, 'POST', '/api/v1/tokens', { label: 'ci' });
  expect(token.status).toBe(200);
  await db
    .insertInto('activation_tokens')
    .values({
      user_id: userId,
      account_id: accountId,
      token_hash: hashToken(newToken()),
      expires_at: now,
      used_at: now,
    })
    .execute();
  await db
    .insertInto('registrations')
    .values({
      company_name: 'Doomed Ltd',
      site: 'doomed',
      full_name: 'Boss',
      email: 'boss@doomed.example',
      username: 'boss',
      token_hash: null,
      status: 'completed',
      plan_id: null,
      account_id: accountId,
      created_at: now,
      reject_reason: null,
    })
    .execute();
}
