import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startServer, type TestServer } from '../harness';

// The request path keeps accounts, sessions and query lookups in memory for a few seconds and
// its SQLite statements prepared; every change made in this process must show at once.

describe('metadata caches on the request path', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('a session revoked by any write (even raw SQL) is refused on the next request', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    // The first call also records the session's use (a write); the second is answered as cached.
    expect((await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
    expect((await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
    await sql`update sessions set revoked_at = ${new Date().toISOString()}`.execute(server.app.db);
    expect((await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
  });

  it('a renamed user and a deactivated account show on the next request', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    const before = await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin');
    const userId = (before.body as { user: { id: number } }).user.id;
    await server.app.db
      .updateTable('users')
      .set({ full_name: 'Renamed Admin' })
      .where('id', '=', userId)
      .execute();
    const after = await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin');
    expect(after.body).toMatchObject({ user: { fullName: 'Renamed Admin' } });

    await server.app.db
      .updateTable('accounts')
      .set({ active: 0 })
      .where('site', '=', 'acme')
      .execute();
    expect((await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    await server.app.db
      .updateTable('accounts')
      .set({ active: 1 })
      .where('site', '=', 'acme')
      .execute();
  });

  it('the users list answers the same rows from its prepared statements, without secrets', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    const path = `/api/v1/users?range=${encodeURIComponent('[0,24]')}`;
    const first = await api(server.baseUrl, admin, 'GET', path);
    const second = await api(server.baseUrl, admin, 'GET', path);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const users = first.body as Record<string, unknown>[];
    expect(users.map((user) => user.username)).toEqual(
      expect.arrayContaining(['admin', 'editor', 'viewer']),
    );
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(
        [
          'accountId',
          'active',
          'attributes',
          'email',
          'fullName',
          'id',
          'language',
          'role',
          'site',
          'status',
          'username',
        ].sort(),
      );
      expect(user.site).toBe('acme');
    }
  });

  it('a column added after a statement was prepared shows in its next answer', async () => {
    const read = () =>
      server.app.db
        .selectFrom('accounts')
        .selectAll()
        .where('site', '=', 'acme')
        .executeTakeFirst();
    expect(await read()).not.toHaveProperty('probe_column');
    await sql`alter table accounts add column probe_column text default 'added'`.execute(
      server.app.db,
    );
    expect(await read()).toMatchObject({ probe_column: 'added' });
  });
});
