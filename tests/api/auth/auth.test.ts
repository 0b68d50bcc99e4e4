import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/http/tokens';
import { addAccount, addUser, BACKENDS, countRows, type ErrorBody } from '../authFixtures';
import { api, login, startServer, TEST_PASSWORD, type TestServer } from '../harness';

// Sign-in, session check and sign-out over HTTP against the real server.

async function postLogin(
  server: TestServer,
  site: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return api(server.baseUrl, null, 'POST', '/api/v1/login', body, { site, ...headers });
}

describe.each(BACKENDS)('auth on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend, env: { LOGIN_LIMIT_PER_IP: '1000' } });
  });
  afterAll(async () => server?.close());

  it('signs in with the right password: a token and the user, the token stored hashed', async () => {
    const answer = await postLogin(server, 'acme', { username: 'editor', password: TEST_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { token, user } = answer.body as { token: string; user: Record<string, unknown> };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'editor',
      fullName: 'Eddie Editor',
      email: 'editor@acme.example',
      role: 'editor',
      active: true,
      accountId: expect.any(Number),
      site: 'acme',
      language: null,
    });
    const stored = await server.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: user.id, kind: 'session', revoked_at: null });
    const lifetime = Date.parse(stored.expires_at) - Date.parse(stored.created_at);
    expect(lifetime).toBe(server.config.sessionTtlMs);
    const plain = await server.app.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', token)
      .execute();
    expect(plain).toEqual([]);
  });

  it('answers the same 401 for a wrong password, an unknown user and an unknown site', async () => {
    const wrong = await postLogin(server, 'acme', {
      username: 'editor',
      password: 'not-the-password',
    });
    const unknown = await postLogin(server, 'acme', {
      username: 'nobody',
      password: TEST_PASSWORD,
    });
    const noSite = await postLogin(server, 'nosuchsite', {
      username: 'editor',
      password: TEST_PASSWORD,
    });
    for (const answer of [wrong, unknown, noSite]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Wrong username or password.',
      });
    }
  });

  it('signs in on the site of the request only: acme users are unknown on the platform', async () => {
    const answer = await postLogin(server, 'www', { username: 'editor', password: TEST_PASSWORD });
    expect(answer.status).toBe(401);
    const platform = await postLogin(server, 'www', { username: 'admin', password: TEST_PASSWORD });
    expect(platform.status).toBe(200);
    expect((platform.body as { user: { role: string } }).user.role).toBe('platform-admin');
  });

  it('refuses an inactive user with 403 once the password is right, 401 when it is wrong', async () => {
    const right = await postLogin(server, 'acme', {
      username: 'inactive',
      password: TEST_PASSWORD,
    });
    expect(right.status).toBe(403);
    expect((right.body as ErrorBody).message).toBe('This user is not active.');
    const wrong = await postLogin(server, 'acme', {
      username: 'inactive',
      password: 'wrong-password!',
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses a user without a password yet (registration not finished) with 403', async () => {
    const accountId = await addAccount(server, 'pending');
    await addUser(server, accountId, {
      username: 'newadmin',
      role: 'admin',
      active: false,
      passwordHash: '',
    });
    const answer = await postLogin(server, 'pending', {
      username: 'newadmin',
      password: 'anything-at-all',
    });
    expect(answer.status).toBe(403);
    expect((answer.body as ErrorBody).message).toMatch(/no password yet/);
  });

  it('refuses every user of an inactive account, and their tokens stop working', async () => {
    const accountId = await addAccount(server, 'sleepy');
    await addUser(server, accountId, { username: 'boss', role: 'admin' });
    const session = await login(server.baseUrl, 'sleepy', 'boss');
    const platform = await login(server.baseUrl, 'www', 'admin');
    const off = await api(server.baseUrl, platform, 'PUT', `/api/v1/accounts/${accountId}`, {
      active: false,
    });
    expect(off.status).toBe(200);
    const answer = await postLogin(server, 'sleepy', { username: 'boss', password: TEST_PASSWORD });
    expect(answer.status).toBe(403);
    expect((answer.body as ErrorBody).message).toBe('This account is not active.');
    expect((await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
  });

  it('verifyLogin answers the user of a valid token, 401 without one or with a bad one', async () => {
    const session = await login(server.baseUrl, 'acme', 'viewer');
    const ok = await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { username: 'viewer', role: 'viewer', active: true } });
    const none = await api(server.baseUrl, null, 'GET', '/api/v1/verifyLogin', undefined, {
      site: 'acme',
    });
    expect(none.status).toBe(401);
    expect((none.body as ErrorBody).statusCode).toBe(401);
    const bad = await api(server.baseUrl, null, 'GET', '/api/v1/verifyLogin', undefined, {
      site: 'acme',
      authorization: 'Bearer not-a-real-token',
    });
    expect(bad.status).toBe(401);
  });

  it('verifyLogin answers 401 for an expired session', async () => {
    const session = await login(server.baseUrl, 'acme', 'viewer');
    await server.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    expect((await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
  });

  it('a token of acme used with another site gets 403', async () => {
    await addAccount(server, 'other');
    const session = await login(server.baseUrl, 'acme', 'admin');
    for (const site of ['other', 'www']) {
      const answer = await api(server.baseUrl, session, 'GET', '/api/v1/verifyLogin', undefined, {
        site,
      });
      expect(answer.status).toBe(403);
      expect((answer.body as ErrorBody).message).toMatch(/another site/);
      const users = await api(server.baseUrl, session, 'GET', '/api/v1/users', undefined, { site });
      expect(users.status).toBe(403);
    }
  });

  it('logout revokes that token only; afterwards it gets 401', async () => {
    const first = await login(server.baseUrl, 'acme', 'editor');
    const second = await login(server.baseUrl, 'acme', 'editor');
    const out = await api(server.baseUrl, first, 'GET', '/api/v1/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    const revoked = await server.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(first.token))
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
    expect((await api(server.baseUrl, first, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    expect((await api(server.baseUrl, first, 'GET', '/api/v1/logout')).status).toBe(401);
    expect((await api(server.baseUrl, second, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
  });

  it('logout without a token answers 401', async () => {
    const answer = await api(server.baseUrl, null, 'GET', '/api/v1/logout', undefined, {
      site: 'acme',
    });
    expect(answer.status).toBe(401);
  });

  it('bad login bodies answer 400 naming the problem, 413 when too big, and write nothing', async () => {
    const before = await countRows(server, 'sessions');
    const cases: [unknown, string, string | undefined][] = [
      ['{"username": "editor", ', 'Body is not valid JSON.', undefined],
      [{ username: 42, password: TEST_PASSWORD }, 'username', 'username'],
      [{ username: 'editor' }, 'password', 'password'],
      [{ password: TEST_PASSWORD }, 'username', 'username'],
      [
        { username: 'editor', password: TEST_PASSWORD, remember: true },
        'Unknown field: remember.',
        'remember',
      ],
      [{ username: '', password: TEST_PASSWORD }, 'username', 'username'],
      [[TEST_PASSWORD], 'expected object', undefined],
    ];
    for (const [body, message, field] of cases) {
      const answer = await postLogin(server, 'acme', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = answer.body as ErrorBody;
      expect(error.statusCode).toBe(400);
      expect(error.message).toContain(message);
      expect(error.field).toBe(field);
    }
    const empty = await postLogin(server, 'acme', '');
    expect(empty.status).toBe(400);
    const huge = await postLogin(server, 'acme', {
      username: 'editor',
      password: 'x'.repeat(20_000),
    });
    expect(huge.status).toBe(413);
    expect((huge.body as ErrorBody).message).toBe('Body is too large.');
    const text = await api(server.baseUrl, null, 'POST', '/api/v1/login', 'username=editor', {
      site: 'acme',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(text.status).toBe(415);
    expect(await countRows(server, 'sessions')).toBe(before);
  });
});

describe.each(BACKENDS)('sign-in throttling on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      backend,
      env: {
        LOGIN_LIMIT_PER_USER: '3',
        LOGIN_LIMIT_PER_IP: '8',
        LOGIN_LIMIT_PER_USER_ALL_ADDRESSES: '6',
        LOGIN_WINDOW_SECONDS: '600',
        // The test's own address stands for a proxy: its X-Forwarded-For is the client's.
        TRUST_PROXY: '127.0.0.1',
      },
    });
  });
  afterAll(async () => server?.close());

  const attempt = (username: string, password: string, ip: string) =>
    postLogin(server, 'acme', { username, password }, { 'x-forwarded-for': ip });

  it('after 3 failures for one user from one address, that address waits; the owner elsewhere does not', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('viewer', 'wrong-password-x', '10.0.0.1')).status).toBe(401);
    }
    const blocked = await attempt('viewer', TEST_PASSWORD, '10.0.0.1');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((blocked.body as ErrorBody).message).toMatch(/Too many attempts/);
    // Any case of the name shares the count; the same user from another address
    // signs in, and another user from the throttled address too.
    expect((await attempt('VIEWER', TEST_PASSWORD, '10.0.0.1')).status).toBe(429);
    expect((await attempt('viewer', TEST_PASSWORD, '10.0.0.9')).status).toBe(200);
    expect((await attempt('editor', TEST_PASSWORD, '10.0.0.1')).status).toBe(200);
  });

  it('after 8 failures from one address, every sign-in from it gets 429; other addresses pass', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await attempt(`ghost${i}`, 'wrong-password-x', '10.0.0.2')).status).toBe(401);
    }
    const blocked = await attempt('admin', TEST_PASSWORD, '10.0.0.2');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt('admin', TEST_PASSWORD, '10.0.0.3')).status).toBe(200);
  });

  it('parallel wrong attempts from many addresses cannot overrun the per-user ceiling (6)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt('inactive', 'wrong-password-x', `10.1.0.${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it('a successful sign-in clears the failures counted for that user', async () => {
    const ip = '10.0.0.4';
    for (let i = 0; i < 2; i++)
      expect((await attempt('admin', 'wrong-password-x', ip)).status).toBe(401);
    expect((await attempt('admin', TEST_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await attempt('admin', 'wrong-password-x', ip)).status).toBe(401);
    expect((await attempt('admin', TEST_PASSWORD, ip)).status).toBe(200);
  });
});
