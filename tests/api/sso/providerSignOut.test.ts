import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../authFixtures';
import { call } from '../fixtures';
import { startServer, type TestServer } from '../harness';
import { Browser } from './browser';
import { startProvider, type LocalProvider } from './openIdProvider';

// Signing out of a session opened through OpenID Connect also ends the session at the
// provider (RP-initiated logout) against a real oidc-provider: the sign-out answers its
// end_session_endpoint with the session's ID token as id_token_hint and the site's sign-in
// page as post_logout_redirect_uri; after the provider's sign-out, the next single sign-on
// asks the user to sign in at the provider again. A password session signs out as before.

const SITE = 'acme';

const loginPrompts = (provider: LocalProvider) =>
  provider.prompts.filter((prompt) => prompt === 'login').length;

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

describe.each(BACKENDS)('sign-out at the provider on %s', (backend) => {
  let server: TestServer;
  let provider: LocalProvider;

  beforeAll(async () => {
    server = await startServer({
      backend,
      env: { SSO_ALLOW_HTTP_ISSUERS: 'true', SSO_ALLOWED_HOSTS: '127.0.0.1' },
    });
    provider = await startProvider(
      [`${server.baseUrl}/api/v1/sso/callback`],
      [`${server.baseUrl}/login`],
    );
    provider.accounts.set('sub-ada', { preferred_username: 'ada', name: 'Ada Lovelace' });
    provider.signInAs('sub-ada');
    const saved = await call(server, 'PUT', '/api/v1/sso', {
      site: SITE,
      token: await server.sessionFor(SITE, 'admin'),
      body: {
        enabled: true,
        displayName: 'Acme Login',
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        roleClaim: 'groups',
        roleMap: {},
        defaultRole: 'viewer',
        attributeClaims: {},
        passwordSignIn: true,
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  const keptIdTokens = async () =>
    (await server.app.db.selectFrom('sso_sessions').select('session_id').execute()).length;

  /** A single sign-on in `browser`: the session token. */
  async function signIn(browser: Browser): Promise<string> {
    const landed = await browser.follow(`${server.baseUrl}/api/v1/sso/start`, server.baseUrl);
    const session = await call(server, 'POST', '/api/v1/sso/session', {
      site: SITE,
      body: { ticket: landed.searchParams.get('ssoTicket') },
    });
    expect(session.status).toBe(200);
    return session.json.token as string;
  }

  it('sends a single sign-on session to the provider’s sign-out, which ends its session there', async () => {
    const browser = new Browser(SITE);
    await signIn(browser);
    expect(loginPrompts(provider)).toBe(1);
    // While the provider's session lasts, the next sign-in asks for no password there.
    const token = await signIn(browser);
    expect(loginPrompts(provider)).toBe(1);

    expect(await keptIdTokens()).toBe(2);
    const logout = await call(server, 'GET', '/api/v1/logout', { site: SITE, token });
    expect(logout.status).toBe(200);
    expect(await keptIdTokens()).toBe(1);
    const endSession = new URL(logout.json.endSessionUrl as string);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.pathname).toBe('/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/login`);
    const hint = payloadOf(endSession.searchParams.get('id_token_hint')!);
    expect(hint).toMatchObject({ sub: 'sub-ada', aud: provider.clientId, iss: provider.issuer });
    const me = await call(server, 'GET', '/api/v1/verifyLogin', { site: SITE, token });
    expect(me.status).toBe(401);

    // The provider asks to confirm (its own page), then sends the browser back to the site.
    const confirmPage = await browser.get(endSession.href);
    expect(confirmPage.status).toBe(200);
    const page = await confirmPage.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1];
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1];
    const confirmed = await browser.post(new URL(action, provider.issuer).href, {
      xsrf,
      logout: 'yes',
    });
    expect(confirmed.status).toBe(303);
    const back = new URL(confirmed.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${server.baseUrl}/login`);

    await signIn(browser);
    expect(loginPrompts(provider)).toBe(2);
  });

  it('signs a password session out here only', async () => {
    const kept = await keptIdTokens();
    const password = await server.sessionFor(SITE, 'editor');
    const logout = await call(server, 'GET', '/api/v1/logout', { site: SITE, token: password });
    expect(logout.status).toBe(200);
    expect(logout.json).toEqual({ success: true });
    expect(await keptIdTokens()).toBe(kept);
  });
});
