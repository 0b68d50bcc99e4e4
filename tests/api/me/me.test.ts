import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../authFixtures';
import { TEST_PASSWORD } from '../harness';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// The own profile of every user (/api/v1/me): read it, change the full name, change the
// password with the current one; a password change ends the other sign-in sessions and keeps
// the current one.

describe.each(BACKENDS)('own profile on %s', (backend) => {
  let server: PlatformServer;

  beforeAll(async () => {
    server = await startPlatformServer(backend);
    await server.addAccount('acme', { reader: 'viewer', changer: 'editor' });
  });
  afterAll(() => server?.close());

  const acme = (token: string) => ({ token, site: 'acme' });
  const signIn = (username: string, password: string) =>
    call(server, 'POST', '/api/v1/login', { site: 'acme', body: { username, password } });

  it('answers the signed-in user and changes their full name, for any role', async () => {
    const viewer = await server.sessionFor('acme', 'reader');
    const me = await call(server, 'GET', '/api/v1/me', acme(viewer));
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ username: 'reader', role: 'viewer', site: 'acme' });
    expect(me.json.passwordHash).toBeUndefined();
    expect(JSON.stringify(me.json)).not.toContain('scrypt');

    const renamed = await call(server, 'PUT', '/api/v1/me', {
      ...acme(viewer),
      body: { fullName: '  Rita Reader ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ username: 'reader', fullName: 'Rita Reader' });
    const again = await call(server, 'GET', '/api/v1/me', acme(viewer));
    expect(again.json.fullName).toBe('Rita Reader');
  });

  it('refuses changes to anything but the full name, and bad names', async () => {
    const viewer = await server.sessionFor('acme', 'reader');
    const bad: [string, unknown][] = [
      ['role', { fullName: 'X', role: 'admin' }],
      ['username', { username: 'boss' }],
      ['empty', { fullName: '   ' }],
      ['long', { fullName: 'x'.repeat(121) }],
    ];
    for (const [name, body] of bad) {
      const answer = await call(server, 'PUT', '/api/v1/me', { ...acme(viewer), body });
      expect(answer.status, name).toBe(400);
    }
    const me = await call(server, 'GET', '/api/v1/me', acme(viewer));
    expect(me.json).toMatchObject({ role: 'viewer', username: 'reader' });
    expect((await call(server, 'GET', '/api/v1/me', { site: 'acme' })).status).toBe(401);
  });

  it('changes the password, ending the other sessions and keeping the current one', async () => {
    const current = (await signIn('changer', TEST_PASSWORD)).json.token as string;
    const other = (await signIn('changer', TEST_PASSWORD)).json.token as string;
    const apiToken = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(await server.sessionFor('acme', 'admin')),
      body: { label: 'unrelated' },
    });
    const newPassword = 'a-fresh-password-2026';

    const changed = await call(server, 'POST', '/api/v1/me/password', {
      ...acme(current),
      body: { currentPassword: TEST_PASSWORD, newPassword },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ success: true });

    expect((await call(server, 'GET', '/api/v1/me', acme(current))).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/me', acme(other))).status).toBe(401);
    expect((await call(server, 'GET', '/api/v1/me', acme(apiToken.json.token))).status).toBe(200);
    expect((await signIn('changer', TEST_PASSWORD)).status).toBe(401);
    expect((await signIn('changer', newPassword)).status).toBe(200);
  });

  it('requires the current password and the password rules, changing nothing otherwise', async () => {
    const session = await server.sessionFor('acme', 'reader');
    const other = await server.sessionFor('acme', 'reader');
    const cases: [string, unknown, string][] = [
      [
        'wrong current',
        { currentPassword: 'not-my-password', newPassword: 'long-enough-password' },
        'currentPassword',
      ],
      ['too short', { currentPassword: TEST_PASSWORD, newPassword: 'short-pw' }, 'newPassword'],
      ['same', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'newPassword'],
      ['missing current', { newPassword: 'long-enough-password' }, 'currentPassword'],
    ];
    for (const [name, body, field] of cases) {
      const answer = await call(server, 'POST', '/api/v1/me/password', {
        ...acme(session),
        body,
      });
      expect(answer.status, name).toBe(400);
      expect(answer.json.field, name).toBe(field);
    }
    expect((await signIn('reader', TEST_PASSWORD)).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/me', acme(other))).status).toBe(200);
  });

  it('refuses the change from a read-only token and records it in the audit log redacted', async () => {
    const admin = await server.sessionFor('acme', 'admin');
    const reader = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(admin),
      body: { label: 'read', scope: 'read' },
    });
    const refused = await call(server, 'POST', '/api/v1/me/password', {
      ...acme(reader.json.token),
      body: { currentPassword: TEST_PASSWORD, newPassword: 'never-applied-password' },
    });
    expect(refused.status).toBe(403);

    const secret = 'admins-new-password-1';
    const changed = await call(server, 'POST', '/api/v1/me/password', {
      ...acme(admin),
      body: { currentPassword: TEST_PASSWORD, newPassword: secret },
    });
    expect(changed.status).toBe(200);
    const entries = await call(
      server,
      'GET',
      `/api/v1/auditLogs?filter=${encodeURIComponent('{"resource":"profile"}')}`,
      acme(admin),
    );
    expect(entries.json[0]).toMatchObject({ username: 'admin', action: 'password' });
    expect(entries.json[0].detail.fields).toEqual({
      currentPassword: '[redacted]',
      newPassword: '[redacted]',
    });
    expect(JSON.stringify(entries.json)).not.toContain(secret);
  });
});
