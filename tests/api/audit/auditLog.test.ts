import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../authFixtures';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// The audit log: successful changes of administrative resources are recorded with who, what,
// when and from where, never with a secret; admins read their own account's entries, platform
// admins everyone's; nobody else reads it.

interface Entry {
  id: number;
  accountId: number;
  site: string;
  username: string;
  action: string;
  resource: string;
  recordId: string | null;
  ip: string;
  at: string;
  detail: { method: string; path: string; fields?: Record<string, unknown> };
}

describe.each(BACKENDS)('audit log on %s', (backend) => {
  let server: PlatformServer;
  let acmeAdmin: string;
  let globexAdmin: string;
  let platformAdmin: string;
  let editorId: number;

  beforeAll(async () => {
    server = await startPlatformServer(backend);
    await server.addAccount('globex', { boss: 'admin' });
    acmeAdmin = await server.sessionFor('acme', 'admin');
    globexAdmin = await server.sessionFor('globex', 'boss');
    platformAdmin = await server.sessionFor('www', 'admin');
    const editor = await server.app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select('users.id')
      .where('accounts.site', '=', 'acme')
      .where('users.username', '=', 'editor')
      .executeTakeFirstOrThrow();
    editorId = editor.id;
  });
  afterAll(() => server?.close());

  const acme = (token: string) => ({ token, site: 'acme' });
  const globex = { token: '', site: 'globex' };
  const entries = async (
    as: { token: string; site: string },
    filter: Record<string, unknown> = {},
  ): Promise<Entry[]> => {
    const query = `filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const answer = await call(server, 'GET', `/api/v1/auditLogs?${query}`, as);
    expect(answer.status).toBe(200);
    return answer.json as Entry[];
  };

  it('records a change with who, what, when and from where, without secrets', async () => {
    const secret = 'a-brand-new-password-42';
    const before = new Date().toISOString();
    const updated = await call(server, 'PUT', `/api/v1/users/${editorId}`, {
      ...acme(acmeAdmin),
      body: { fullName: 'Edith Editor', password: secret },
    });
    expect(updated.status).toBe(200);
    const token = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(acmeAdmin),
      body: { label: 'Audit me' },
    });
    expect(token.status).toBe(200);

    const [tokenEntry, userEntry] = await entries(acme(acmeAdmin));
    expect(userEntry).toMatchObject({
      site: 'acme',
      username: 'admin',
      action: 'update',
      resource: 'users',
      recordId: String(editorId),
      ip: '127.0.0.1',
      detail: { method: 'PUT', path: `/api/v1/users/${editorId}` },
    });
    expect(userEntry.detail.fields).toEqual({
      fullName: 'Edith Editor',
      password: '[redacted]',
    });
    expect(userEntry.at >= before).toBe(true);
    expect(tokenEntry).toMatchObject({
      action: 'create',
      resource: 'tokens',
      recordId: String(token.json.id),
    });
    const stored = await server.app.db.selectFrom('audit_log').selectAll().execute();
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(token.json.token);
  });

  it('skips reads, refused calls and routes that are not administrative', async () => {
    const count = async () =>
      (await server.app.db.selectFrom('audit_log').selectAll().execute()).length;
    const before = await count();
    await call(server, 'GET', '/api/v1/users', acme(acmeAdmin));
    const refused = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(acmeAdmin),
      body: {},
    });
    expect(refused.status).toBe(400);
    const viewer = await server.sessionFor('acme', 'viewer');
    const forbidden = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(viewer),
      body: { label: 'x' },
    });
    expect(forbidden.status).toBe(403);
    const dashboard = await call(server, 'POST', '/api/v1/dashboards', {
      ...acme(acmeAdmin),
      body: { title: 'Not audited' },
    });
    expect(dashboard.status).toBeLessThan(500);
    expect(await count()).toBe(before);
  });

  it('keeps each account to its own entries and answers 404 for another’s', async () => {
    const revoked = await call(server, 'POST', '/api/v1/tokens', {
      token: globexAdmin,
      site: 'globex',
      body: { label: 'Globex token' },
    });
    expect(revoked.status).toBe(200);
    const globexEntries = await entries({ ...globex, token: globexAdmin });
    expect(globexEntries.map((entry) => [entry.site, entry.username])).toEqual([
      ['globex', 'boss'],
    ]);
    const acmeEntries = await entries(acme(acmeAdmin));
    expect(acmeEntries.length).toBeGreaterThan(0);
    expect(acmeEntries.every((entry) => entry.site === 'acme')).toBe(true);

    const foreign = `/api/v1/auditLogs/${acmeEntries[0].id}`;
    expect((await call(server, 'GET', foreign, { ...globex, token: globexAdmin })).status).toBe(
      404,
    );
    const own = await call(server, 'GET', foreign, acme(acmeAdmin));
    expect(own.json).toMatchObject({ id: acmeEntries[0].id, site: 'acme' });
  });

  it('lets platform admins read every account and records their content changes', async () => {
    const root = { token: platformAdmin, site: 'www' };
    const created = await call(server, 'POST', '/api/v1/helpsections', {
      ...root,
      body: { title: 'Audited help', body: 'Text', sortOrder: 9, published: false },
    });
    expect(created.status).toBe(200);
    const all = await entries(root);
    expect(new Set(all.map((entry) => entry.site))).toEqual(new Set(['www', 'acme', 'globex']));
    expect(all[0]).toMatchObject({
      site: 'www',
      action: 'create',
      resource: 'helpsections',
      recordId: String(created.json.id),
    });
    const onlyGlobex = await entries(root, { site: 'globex' });
    expect(onlyGlobex.map((entry) => entry.site)).toEqual(['globex']);
  });

  it('filters by action, resource and user, newest first', async () => {
    const tokens = await entries(acme(acmeAdmin), { resource: 'tokens' });
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((entry) => entry.resource === 'tokens')).toBe(true);
    const updates = await entries(acme(acmeAdmin), { action: 'update' });
    expect(updates.map((entry) => entry.resource)).toEqual(['users']);
    const byAdmin = await entries(acme(acmeAdmin), { username: 'admin' });
    const all = await entries(acme(acmeAdmin));
    expect(byAdmin).toEqual(all);
    expect(await entries(acme(acmeAdmin), { username: 'nobody' })).toEqual([]);
    const times = all.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is closed to editors, viewers and anonymous callers', async () => {
    for (const username of ['editor', 'viewer']) {
      const session = await server.sessionFor('acme', username);
      const answer = await call(server, 'GET', '/api/v1/auditLogs', acme(session));
      expect(answer.status, username).toBe(403);
    }
    expect((await call(server, 'GET', '/api/v1/auditLogs', { site: 'acme' })).status).toBe(401);
  });
});
