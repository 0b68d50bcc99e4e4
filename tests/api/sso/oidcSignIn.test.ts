import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../authFixtures';
import { call } from '../fixtures';
import { startServer, TEST_PASSWORD, type TestServer } from '../harness';
import { Browser } from './browser';
import { startProvider, type LocalProvider } from './openIdProvider';

// Single sign-on through a real OpenID provider (oidc-provider) on a free port: the admin's
// settings, the whole code flow (start, the provider's login and consent, callback, session),
// the mapped role and attributes, refused state and nonce, and passwords turned off.

const SITE = 'acme';

describe.each(BACKENDS)('single sign-on with OpenID Connect on %s', (backend) => {
  let server: TestServer;
  let provider: LocalProvider;
  let adminToken: string;

  const settings = () => ({
    enabled: true,
    displayName: 'Acme Login',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    roleClaim: 'groups',
    roleMap: { 'bi-admins': 'admin', 'bi-editors': 'editor' },
    defaultRole: 'viewer',
    attributeClaims: { region: 'region' },
    passwordSignIn: true,
  });

  beforeAll(async () => {
    server = await startServer({
      backend,
      env: { SSO_ALLOW_HTTP_ISSUERS: 'true', SSO_ALLOWED_HOSTS: '127.0.0.1' },
    });
    provider = await startProvider([`${server.baseUrl}/api/v1/sso/callback`]);
    provider.accounts.set('sub-ada', {
      email: 'ada@acme.example',
      preferred_username: 'ada',
      name: 'Ada Lovelace',
      groups: ['staff', 'bi-editors'],
      region: 'EU',
    });
    adminToken = await server.sessionFor(SITE, 'admin');
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  async function signInThroughProvider(browser: Browser): Promise<URL> {
    return browser.follow(`${server.baseUrl}/api/v1/sso/start`, server.baseUrl);
  }

  it('saves the settings without answering the secret, which is stored encrypted', async () => {
    const saved = await call(server, 'PUT', '/api/v1/sso', {
      site: SITE,
      token: adminToken,
      body: settings(),
    });
    expect(saved.status).toBe(200);
    expect(saved.json.settings).toMatchObject({ displayName: 'Acme Login', hasClientSecret: true });
    expect(JSON.stringify(saved.json)).not.toContain(provider.clientSecret);
    expect(saved.json.redirectUri).toBe(`${server.baseUrl}/api/v1/sso/callback`);
    const row = await server.app.db
      .selectFrom('sso_settings')
      .select('client_secret_enc')
      .executeTakeFirstOrThrow();
    expect(row.client_secret_enc).toMatch(/^v1\./);
    expect(row.client_secret_enc).not.toContain(provider.clientSecret);
  });

  it('refuses settings a viewer sends, and names a bad field', async () => {
    const viewer = await server.sessionFor(SITE, 'viewer');
    const byViewer = await call(server, 'PUT', '/api/v1/sso', {
      site: SITE,
      token: viewer,
      body: settings(),
    });
    expect(byViewer.status).toBe(403);
    const bad = await call(server, 'PUT', '/api/v1/sso', {
      site: SITE,
      token: adminToken,
      body: { ...settings(), issuer: 'not a url' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('issuer');
  });

  it('checks an issuer: its discovery document, or a 400 naming the issuer', async () => {
    const good = await call(server, 'POST', '/api/v1/sso/discovery', {
      site: SITE,
      token: adminToken,
      body: { issuer: provider.issuer },
    });
    expect(good.status).toBe(200);
    expect(good.json.issuer).toBe(provider.issuer);
    expect(good.json.authorizationEndpoint).toBe(`${provider.issuer}/auth`);
    const bad = await call(server, 'POST', '/api/v1/sso/discovery', {
      site: SITE,
      token: adminToken,
      body: { issuer: `${server.baseUrl}/nothing-here` },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('issuer');
  });

  it('refuses an issuer on a private address the operator did not list', async () => {
    const inside = await call(server, 'POST', '/api/v1/sso/discovery', {
      site: SITE,
      token: adminToken,
      body: { issuer: 'http://10.20.30.40:8080' },
    });
    expect(inside.status).toBe(400);
    expect(inside.json.field).toBe('issuer');
    expect(inside.json.message).toContain('SSO_ALLOWED_HOSTS');
  });

  it('offers the sign-in button on the site', async () => {
    const options = await call(server, 'GET', '/api/v1/signInOptions', { site: SITE });
    expect(options.json).toEqual({ password: true, sso: { displayName: 'Acme Login' } });
    const other = await call(server, 'GET', '/api/v1/signInOptions', { site: 'www' });
    expect(other.json).toEqual({ password: true, sso: null });
  });

  it('signs in through the provider with PKCE: the user is created with the mapped role and attributes', async () => {
    const browser = new Browser();
    provider.signInAs('sub-ada');
    const start = await browser.get(`${server.baseUrl}/api/v1/sso/start`, SITE);
    expect(start.status).toBe(303);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();

    const landed = await browser.follow(authorization.href, server.baseUrl);
    const ticket = landed.searchParams.get('ssoTicket');
    expect(ticket).toBeTruthy();
    const session = await call(server, 'POST', '/api/v1/sso/session', {
      site: SITE,
      body: { ticket },
    });
    expect(session.status).toBe(200);
    expect(session.json.user).toMatchObject({
      username: 'ada',
      fullName: 'Ada Lovelace',
      email: 'ada@acme.example',
      role: 'editor',
      site: SITE,
    });
    const me = await call(server, 'GET', '/api/v1/verifyLogin', {
      site: SITE,
      token: session.json.token,
    });
    expect(me.status).toBe(200);
    const row = await server.app.db
      .selectFrom('users')
      .select(['attributes_json', 'sso_subject', 'password_hash'])
      .where('username', '=', 'ada')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes_json)).toEqual({ region: 'EU' });
    expect(row.sso_subject).toBe('sub-ada');
    expect(row.password_hash).toBe('');

    // The ticket is good once.
    const again = await call(server, 'POST', '/api/v1/sso/session', {
      site: SITE,
      body: { ticket },
    });
    expect(again.status).toBe(401);
  });

  it('updates role and attributes at the next sign-in', async () => {
    provider.accounts.set('sub-ada', {
      ...provider.accounts.get('sub-ada'),
      groups: ['bi-admins'],
      region: ['EU', 'US'],
    });
    provider.signInAs('sub-ada');
    const landed = await signInThroughProvider(new Browser());
    const session = await call(server, 'POST', '/api/v1/sso/session', {
      site: SITE,
      body: { ticket: landed.searchParams.get('ssoTicket') },
    });
    expect(session.json.user.role).toBe('admin');
    const users = await server.app.db
      .selectFrom('users')
      .select(['attributes_json'])
      .where('sso_subject', '=', 'sub-ada')
      .execute();
    expect(users).toHaveLength(1);
    expect(JSON.parse(users[0].attributes_json)).toEqual({ region: ['EU', 'US'] });
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    provider.signInAs('sub-ada');
    const browser = new Browser();
    const start = await browser.get(`${server.baseUrl}/api/v1/sso/start`, SITE);
    const authorization = new URL(start.headers.get('location')!);
    authorization.searchParams.set('state', 'forged-state');
    const landed = await browser.follow(authorization.href, server.baseUrl);
    expect(landed.searchParams.get('ssoError')).toBe('state');
    expect(landed.searchParams.get('ssoTicket')).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    provider.signInAs('sub-ada');
    const browser = new Browser();
    const start = await browser.get(`${server.baseUrl}/api/v1/sso/start`, SITE);
    const authorization = new URL(start.headers.get('location')!);
    authorization.searchParams.set('nonce', 'forged-nonce');
    const landed = await browser.follow(authorization.href, server.baseUrl);
    expect(landed.searchParams.get('ssoError')).toBe('state');
  });

  it('refuses a callback without the cookie of the browser that started it', async () => {
    provider.signInAs('sub-ada');
    const starter = new Browser();
    const start = await starter.get(`${server.baseUrl}/api/v1/sso/start`, SITE);
    const other = new Browser();
    const landed = await other.follow(start.headers.get('location')!, server.baseUrl);
    expect(landed.searchParams.get('ssoError')).toBe('expired');
  });

  it('turns password sign-in off: 403 sso-required, and the sign-in page hides the form', async () => {
    const saved = await call(server, 'PUT', '/api/v1/sso', {
      site: SITE,
      token: adminToken,
      body: { ...settings(), clientSecret: undefined, passwordSignIn: false },
    });
    expect(saved.status).toBe(200);
    const options = await call(server, 'GET', '/api/v1/signInOptions', { site: SITE });
    expect(options.json.password).toBe(false);
    const login = await call(server, 'POST', '/api/v1/login', {
      site: SITE,
      body: { username: 'editor', password: TEST_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.json.code).toBe('sso-required');
    // Nor is a password to be set by "forgot your password".
    const reset = await call(server, 'POST', '/api/v1/passwordReset', {
      site: SITE,
      body: { username: 'editor' },
    });
    expect(reset.status).toBe(403);
    expect(reset.json.code).toBe('sso-required');
    // The platform's own sign-in on the root host is not the tenant's to turn off.
    const platform = await call(server, 'POST', '/api/v1/login', {
      site: 'www',
      body: { username: 'admin', password: TEST_PASSWORD },
    });
    expect(platform.status).toBe(200);
  });
});
