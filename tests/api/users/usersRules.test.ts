import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../common/types';
import { addAccount, addUser, BACKENDS, countRows, type ErrorBody } from '../authFixtures';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// Who may do what with users: roles, tenants, self-protection, and bad input.

const NEW_USER = {
  username: 'fresh',
  fullName: 'Fresh User',
  email: 'fresh@acme.example',
  role: 'viewer',
  active: true,
  password: 'fresh-password-12',
};

describe.each(BACKENDS)('user rules on %s', (backend) => {
  let server: TestServer;
  let admin: Session;
  let platform: Session;
  let otherUserId: number;
  let acmeUsers: User[];

  const call = (session: Session | null, method: string, path: string, body?: unknown) =>
    api(server.baseUrl, session, method, path, body);

  beforeAll(async () => {
    server = await startServer({ backend });
    admin = await login(server.baseUrl, 'acme', 'admin');
    platform = await login(server.baseUrl, 'www', 'admin');
    const otherId = await addAccount(server, 'other');
    otherUserId = (await addUser(server, otherId, { username: 'stranger', role: 'viewer' })).id;
    acmeUsers = (await call(admin, 'GET', '/api/v1/users')).body as User[];
  });
  afterAll(async () => server?.close());

  const acmeUser = (username: string) => acmeUsers.find((user) => user.username === username)!;

  it('viewers and editors may not read or change users', async () => {
    for (const username of ['viewer', 'editor']) {
      const session = await login(server.baseUrl, 'acme', username);
      expect((await call(session, 'GET', '/api/v1/users')).status).toBe(403);
      expect((await call(session, 'GET', `/api/v1/users/${acmeUser('admin').id}`)).status).toBe(
        403,
      );
      expect((await call(session, 'POST', '/api/v1/users', NEW_USER)).status).toBe(403);
      const del = await call(session, 'DELETE', `/api/v1/users/${acmeUser('viewer').id}`);
      expect(del.status).toBe(403);
    }
    expect((await call(null, 'GET', '/api/v1/users')).status).toBe(401);
    expect(await countRows(server, 'users')).toBe(6);
  });

  it("another account's user answers 404 to every verb of an admin, and is left as it was", async () => {
    const path = `/api/v1/users/${otherUserId}`;
    expect((await call(admin, 'GET', path)).status).toBe(404);
    const put = await call(admin, 'PUT', path, { fullName: 'Hacked' });
    expect(put.status).toBe(404);
    expect((put.body as ErrorBody).message).toBe('User not found.');
    expect((await call(admin, 'DELETE', path)).status).toBe(404);
    const list = await call(admin, 'GET', `/api/v1/users?filter={"id":[${otherUserId}]}`);
    expect(list.body).toEqual([]);
    const row = await server.app.db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', otherUserId)
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('stranger test');
  });

  it('an admin gives only tenant roles; platform-admin is refused with 400', async () => {
    const answer = await call(admin, 'POST', '/api/v1/users', {
      ...NEW_USER,
      role: 'platform-admin',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      field: 'role',
      message: 'role: must be one of admin, editor, viewer.',
    });
    const promote = await call(admin, 'PUT', `/api/v1/users/${acmeUser('viewer').id}`, {
      role: 'platform-admin',
    });
    expect(promote.status).toBe(400);
  });

  it('the platform admin reads every account users but changes only the platform ones', async () => {
    const all = await call(platform, 'GET', '/api/v1/users?sort=["id","ASC"]');
    expect(all.status).toBe(200);
    const sites = new Set((all.body as User[]).map((user) => user.site));
    expect(sites).toEqual(new Set(['www', 'acme', 'other']));
    const tenantUser = `/api/v1/users/${acmeUser('viewer').id}`;
    expect((await call(platform, 'GET', tenantUser)).status).toBe(200);
    const put = await call(platform, 'PUT', tenantUser, { fullName: 'Changed' });
    expect(put.status).toBe(403);
    expect((await call(platform, 'DELETE', tenantUser)).status).toBe(403);
    const tenantRole = await call(platform, 'POST', '/api/v1/users', {
      ...NEW_USER,
      role: 'admin',
    });
    expect(tenantRole.status).toBe(400);
    const created = await call(platform, 'POST', '/api/v1/users', {
      ...NEW_USER,
      username: 'operator',
      role: 'platform-admin',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ site: 'www', role: 'platform-admin' });
  });

  it('nobody deletes, deactivates or demotes themselves (409)', async () => {
    const self = `/api/v1/users/${acmeUser('admin').id}`;
    const del = await call(admin, 'DELETE', self);
    expect(del.status).toBe(409);
    expect((del.body as ErrorBody).message).toBe('You cannot delete yourself.');
    const off = await call(admin, 'PUT', self, { active: false });
    expect(off).toMatchObject({ status: 409, body: { field: 'active' } });
    const demote = await call(admin, 'PUT', self, { role: 'viewer' });
    expect(demote).toMatchObject({ status: 409, body: { field: 'role' } });
    const same = await call(admin, 'PUT', self, {
      role: 'admin',
      active: true,
      fullName: 'Ada A.',
    });
    expect(same.status).toBe(200);
    expect((await call(admin, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
  });

  it('changing your own password keeps the current session and ends the others', async () => {
    const other = await login(server.baseUrl, 'acme', 'admin');
    const self = `/api/v1/users/${acmeUser('admin').id}`;
    const answer = await call(admin, 'PUT', self, { password: 'brand-new-password-1' });
    expect(answer.status).toBe(200);
    expect((await call(admin, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
    expect((await call(other, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    await login(server.baseUrl, 'acme', 'admin', 'brand-new-password-1');
  });

  it('bad bodies answer 400 naming the field (413 when too big) and write nothing', async () => {
    const usersBefore = await countRows(server, 'users');
    const viewerPath = `/api/v1/users/${acmeUser('viewer').id}`;
    const viewerBefore = (await call(admin, 'GET', viewerPath)).body;
    const creates: [unknown, number, string | undefined][] = [
      ['{"username": ', 400, undefined],
      [{ ...NEW_USER, active: 'yes' }, 400, 'active'],
      [{ ...NEW_USER, username: 7 }, 400, 'username'],
      [{ ...NEW_USER, fullName: undefined }, 400, 'fullName'],
      [{ ...NEW_USER, isSuperuser: true }, 400, 'isSuperuser'],
      [{ ...NEW_USER, accountId: 1 }, 400, 'accountId'],
      [{ ...NEW_USER, password: 'short-pass' }, 400, 'password'],
      [{ ...NEW_USER, email: 'not-an-email' }, 400, 'email'],
      [{ ...NEW_USER, username: 'has space' }, 400, 'username'],
      [{ ...NEW_USER, role: 'owner' }, 400, 'role'],
      [{ ...NEW_USER, fullName: 'x'.repeat(20_000) }, 413, undefined],
      [{ ...NEW_USER, fullName: 'x'.repeat(200_000) }, 413, undefined],
    ];
    for (const [body, status, field] of creates) {
      const answer = await call(admin, 'POST', '/api/v1/users', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const error = answer.body as ErrorBody;
      expect(error.statusCode).toBe(status);
      expect(error.message.length).toBeGreaterThan(5);
      expect(error.field).toBe(field);
    }
    const updates: [unknown, string | undefined][] = [
      ['not json', undefined],
      [{ active: 1 }, 'active'],
      [{ id: 999 }, 'id'],
      [{ password: 'short' }, 'password'],
      [{ hasLogo: true }, 'hasLogo'],
      [{ email: '' }, 'email'],
    ];
    for (const [body, field] of updates) {
      const answer = await call(admin, 'PUT', viewerPath, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as ErrorBody).field).toBe(field);
    }
    const taken = await call(admin, 'PUT', viewerPath, { username: 'editor' });
    expect(taken).toMatchObject({ status: 409, body: { field: 'username' } });
    expect(await countRows(server, 'users')).toBe(usersBefore);
    expect((await call(admin, 'GET', viewerPath)).body).toEqual(viewerBefore);
  });

  it('bad list parameters and ids answer 400 naming them', async () => {
    const cases: [string, string][] = [
      ['sort=["password_hash","ASC"]', 'sort'],
      ['sort=["username","UP"]', 'sort'],
      ['sort=username', 'sort'],
      ['range=[5,1]', 'range'],
      ['range=[0', 'range'],
      ['filter={"accountId":1}', 'filter'],
      ['filter={"role":{"$ne":1}}', 'filter'],
      ['filter=[1]', 'filter'],
      ['page=2', 'page'],
    ];
    for (const [query, field] of cases) {
      const answer = await call(admin, 'GET', `/api/v1/users?${encodeURI(query)}`);
      expect(answer.status, query).toBe(400);
      expect((answer.body as ErrorBody).field, query).toBe(field);
    }
    for (const id of ['abc', '0', '-1', '1.5']) {
      const answer = await call(admin, 'GET', `/api/v1/users/${id}`);
      expect(answer.status, id).toBe(400);
      expect((answer.body as ErrorBody).field).toBe('id');
    }
  });
});
