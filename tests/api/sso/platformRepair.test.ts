import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addUser, BACKENDS } from '../authFixtures';
import { call } from '../fixtures';
import { startServer, TEST_PASSWORD, type TestServer } from '../harness';

// A platform admin repairs a tenant locked out by a broken identity provider: they read the
// tenant's single sign-on state (never its secret), turn password sign-in back on, or turn
// single sign-on off; each repair is in the audit log. Nobody else may.

describe.each(BACKENDS)('platform repair of single sign-on on %s', (backend) => {
  let server: TestServer;
  let platform: string;
  let globexId: number;
  let initechId: number;

  const asPlatform = (method: string, path: string) =>
    call(server, method, path, { site: 'www', token: platform });
  const passwordSignIn = () =>
    call(server, 'POST', '/api/v1/login', {
      site: 'globex',
      body: { username: 'admin', password: TEST_PASSWORD },
    });

  beforeAll(async () => {
    server = await startServer({ backend });
    globexId = await addAccount(server, 'globex');
    initechId = await addAccount(server, 'initech');
    await addUser(server, globexId, { username: 'admin', role: 'admin' });
    // Single sign-on on, passwords off, and an issuer that no longer answers.
    await server.app.db
      .insertInto('sso_settings')
      .values({
        account_id: globexId,
        display_name: 'Globex ID',
        issuer: 'https://id.globex.invalid',
        client_id: 'brandboard',
        client_secret_enc: 'sealed',
        role_claim: 'groups',
        role_map_json: '{}',
        default_role: 'viewer',
        attribute_claims_json: '{}',
        enabled: 1,
        password_sign_in: 0,
        scim_token_hash: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    platform = await server.sessionFor('www', 'admin');
  });
  afterAll(async () => server?.close());

  it('shows the tenant’s state without its secret, and only to platform admins', async () => {
    expect((await passwordSignIn()).status).toBe(403);
    const state = await asPlatform('GET', `/api/v1/accounts/${globexId}/sso`);
    expect(state.status).toBe(200);
    expect(state.json).toEqual({
      id: globexId,
      configured: true,
      enabled: true,
      displayName: 'Globex ID',
      issuer: 'https://id.globex.invalid',
      passwordSignIn: false,
      hasScimToken: false,
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(state.json)).not.toContain('sealed');

    const none = await asPlatform('GET', `/api/v1/accounts/${initechId}/sso`);
    expect(none.json).toMatchObject({ configured: false, enabled: false, passwordSignIn: true });
    expect((await asPlatform('GET', '/api/v1/accounts/999999/sso')).status).toBe(404);
    expect((await asPlatform('GET', '/api/v1/accounts/abc/sso')).status).toBe(400);

    const tenantAdmin = await server.sessionFor('acme', 'admin');
    for (const [method, path] of [
      ['GET', `/api/v1/accounts/${globexId}/sso`],
      ['POST', `/api/v1/accounts/${globexId}/sso/allowPasswords`],
    ]) {
      const answer = await call(server, method, path, { site: 'acme', token: tenantAdmin });
      expect(answer.status).toBe(403);
    }
  });

  it('turns passwords back on, then single sign-on off, each audited', async () => {
    const allowed = await asPlatform('POST', `/api/v1/accounts/${globexId}/sso/allowPasswords`);
    expect(allowed.status).toBe(200);
    expect(allowed.json).toMatchObject({ enabled: true, passwordSignIn: true });
    expect((await passwordSignIn()).status).toBe(200);

    const disabled = await asPlatform('POST', `/api/v1/accounts/${globexId}/sso/disable`);
    expect(disabled.json).toMatchObject({ enabled: false, passwordSignIn: true });
    const options = await call(server, 'GET', '/api/v1/signInOptions', { site: 'globex' });
    expect(options.json).toEqual({ password: true, sso: null });
    // The rest of the settings stay for the tenant to fix and turn on again.
    const row = await server.app.db
      .selectFrom('sso_settings')
      .selectAll()
      .where('account_id', '=', globexId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ issuer: 'https://id.globex.invalid', client_id: 'brandboard' });

    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'resource', 'record_id', 'username'])
      .where('resource', '=', 'accounts')
      .where('record_id', '=', String(globexId))
      .where('action', '!=', 'create')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['allowPasswords', 'disable']);
    expect(audit[0].username).toBe('admin');

    const nothing = await asPlatform('POST', `/api/v1/accounts/${initechId}/sso/disable`);
    expect(nothing.status).toBe(409);
  });
});
