import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import type { User } from '../../../common/types';
import { BACKENDS, type ErrorBody } from '../authFixtures';
import { api, login, startServer, type Session, type TestServer } from '../harness';
import { dataProviderFor, failureOf } from '../usersClient';

// Users through the real ra-data-simple-rest client, as the web app's screens call them.

describe.each(BACKENDS)('users through ra-data-simple-rest on %s', (backend) => {
  let server: TestServer;
  let admin: Session;
  let provider: DataProvider;
  let acmeId: number;

  beforeAll(async () => {
    server = await startServer({ backend });
    admin = await login(server.baseUrl, 'acme', 'admin');
    provider = dataProviderFor(server.baseUrl, admin);
    const me = await api(server.baseUrl, admin, 'GET', '/api/v1/verifyLogin');
    acmeId = (me.body as { user: User }).user.accountId;
  });
  afterAll(async () => server?.close());

  it('getList sorts, pages and counts the own account users', async () => {
    const page = await provider.getList<User>('users', {
      sort: { field: 'username', order: 'ASC' },
      pagination: { page: 1, perPage: 2 },
      filter: {},
    });
    expect(page.total).toBe(4);
    expect(page.data.map((user) => user.username)).toEqual(['admin', 'editor']);
    const next = await provider.getList<User>('users', {
      sort: { field: 'username', order: 'ASC' },
      pagination: { page: 2, perPage: 2 },
      filter: {},
    });
    expect(next.data.map((user) => user.username)).toEqual(['inactive', 'viewer']);
    const byName = await provider.getList<User>('users', {
      sort: { field: 'fullName', order: 'DESC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    expect(byName.data.map((user) => user.fullName)).toEqual([
      'Vera Viewer',
      'Ines Inactive',
      'Eddie Editor',
      'Ada Admin',
    ]);
    expect(byName.data.every((user) => user.site === 'acme')).toBe(true);
  });

  it('getList filters by q (username, name, e-mail), role and active', async () => {
    const list = (filter: Record<string, unknown>) =>
      provider
        .getList<User>('users', {
          sort: { field: 'id', order: 'ASC' },
          pagination: { page: 1, perPage: 25 },
          filter,
        })
        .then((answer) => answer.data.map((user) => user.username));
    expect(await list({ q: 'VERA' })).toEqual(['viewer']);
    expect(await list({ q: 'editor@acme' })).toEqual(['editor']);
    expect(await list({ q: 'in' })).toEqual(['admin', 'inactive']);
    expect(await list({ role: 'editor' })).toEqual(['editor']);
    expect(await list({ active: false })).toEqual(['inactive']);
    expect(await list({ q: '%' })).toEqual([]);
  });

  it('lists answer Content-Range and X-Total-Count, exposed to scripts', async () => {
    const answer = await api(
      server.baseUrl,
      admin,
      'GET',
      '/api/v1/users?sort=["username","ASC"]&range=[1,2]&filter={}',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-range')).toBe('users 1-2/4');
    expect(answer.headers.get('x-total-count')).toBe('4');
    expect(answer.headers.get('access-control-expose-headers')).toBe(
      'Content-Range, X-Total-Count',
    );
    expect((answer.body as User[]).map((user) => user.username)).toEqual(['editor', 'inactive']);
  });

  it('getOne and getMany answer the records, never a password hash', async () => {
    const all = await provider.getList<User>('users', {
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    const viewer = all.data.find((user) => user.username === 'viewer')!;
    const one = await provider.getOne<User>('users', { id: viewer.id });
    expect(one.data).toEqual(viewer);
    expect(Object.keys(one.data).sort()).toEqual(
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
    const ids = all.data.slice(0, 2).map((user) => user.id);
    const many = await provider.getMany<User>('users', { ids: [...ids, 999_999] });
    expect(many.data.map((user) => user.id).sort()).toEqual([...ids].sort());
    const raw = await api(server.baseUrl, admin, 'GET', '/api/v1/users');
    expect(JSON.stringify(raw.body)).not.toMatch(/scrypt|password/i);
  });

  it('create makes a user who can sign in; the password is never answered', async () => {
    const created = await provider.create<User>('users', {
      data: {
        username: 'newbie',
        fullName: 'Nina Newbie',
        email: 'nina@acme.example',
        role: 'editor',
        active: true,
        password: 'a-long-enough-password',
      },
    });
    expect(created.data).toEqual({
      id: expect.any(Number),
      username: 'newbie',
      fullName: 'Nina Newbie',
      email: 'nina@acme.example',
      role: 'editor',
      active: true,
      accountId: acmeId,
      site: 'acme',
      language: null,
      status: 'active',
      attributes: {},
    });
    expect(JSON.stringify(created.data)).not.toContain('password');
    const session = await login(server.baseUrl, 'acme', 'newbie', 'a-long-enough-password');
    const me = await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin');
    expect((me.body as { user: User }).user.id).toBe(created.data.id);
  });

  it('create refuses a taken username with 409 naming the field', async () => {
    const failure = await failureOf(
      provider.create('users', {
        data: {
          username: 'editor',
          fullName: 'Second Editor',
          email: 'e2@acme.example',
          role: 'editor',
          password: 'a-long-enough-password',
        },
      }),
    );
    expect(failure.status).toBe(409);
    expect(failure.body).toMatchObject({ field: 'username', statusCode: 409 });
  });

  it('update changes the editable fields; a new password ends the user sessions', async () => {
    const created = await provider.create<User>('users', {
      data: {
        username: 'changer',
        fullName: 'Carl Changer',
        email: 'carl@acme.example',
        role: 'viewer',
        password: 'first-password-123',
      },
    });
    const id = created.data.id;
    const session = await login(server.baseUrl, 'acme', 'changer', 'first-password-123');
    const updated = await provider.update<User>('users', {
      id,
      data: { fullName: 'Carl C. Changer', email: 'carl.c@acme.example', role: 'editor' },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({
      id,
      username: 'changer',
      fullName: 'Carl C. Changer',
      email: 'carl.c@acme.example',
      role: 'editor',
      active: true,
    });
    expect((await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin')).status).toBe(200);

    await provider.update<User>('users', {
      id,
      data: { password: 'second-password-456' },
      previousData: updated.data,
    });
    expect((await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    await expect(login(server.baseUrl, 'acme', 'changer', 'first-password-123')).rejects.toThrow(
      /401/,
    );
    await login(server.baseUrl, 'acme', 'changer', 'second-password-456');
    const renamed = await provider.update<User>('users', {
      id,
      data: { username: 'carl' },
      previousData: updated.data,
    });
    expect(renamed.data.username).toBe('carl');
  });

  it('deactivating a user ends their sessions and refuses their sign-in', async () => {
    const created = await provider.create<User>('users', {
      data: {
        username: 'leaver',
        fullName: 'Lee Leaver',
        email: 'lee@acme.example',
        role: 'viewer',
        password: 'leaver-password-1',
      },
    });
    const session = await login(server.baseUrl, 'acme', 'leaver', 'leaver-password-1');
    await provider.update('users', {
      id: created.data.id,
      data: { active: false },
      previousData: created.data,
    });
    expect((await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    const again = await api(
      server.baseUrl,
      null,
      'POST',
      '/api/v1/login',
      {
        username: 'leaver',
        password: 'leaver-password-1',
      },
      { site: 'acme' },
    );
    expect(again.status).toBe(403);
  });

  it('delete removes the user and their sessions and answers the record', async () => {
    const created = await provider.create<User>('users', {
      data: {
        username: 'goner',
        fullName: 'Gus Goner',
        email: 'gus@acme.example',
        role: 'viewer',
        password: 'goner-password-12',
      },
    });
    const session = await login(server.baseUrl, 'acme', 'goner', 'goner-password-12');
    const deleted = await provider.delete<User>('users', {
      id: created.data.id,
      previousData: created.data,
    });
    expect(deleted.data).toEqual(created.data);
    const gone = await failureOf(provider.getOne('users', { id: created.data.id }));
    expect(gone.status).toBe(404);
    expect((await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    const sessions = await server.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', created.data.id)
      .execute();
    expect(sessions).toEqual([]);
    const again = await api(
      server.baseUrl,
      null,
      'POST',
      '/api/v1/login',
      {
        username: 'goner',
        password: 'goner-password-12',
      },
      { site: 'acme' },
    );
    expect(again.status).toBe(401);
    expect((again.body as ErrorBody).message).toBe('Wrong username or password.');
  });
});
