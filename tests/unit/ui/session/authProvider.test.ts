import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authProvider,
  getStoredUser,
  loginRequest,
  logoutRequest,
  redirectTargetFromSearch,
  registerAccount,
} from '../../../../src/ui/session/authProvider';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { build, TEST_PASSWORD, type TestServer } from '../../../api/harness';
import { resolveLocalhostNames } from '../../support/localhostNames';

// The sign-in calls against the real server (acme's seeded users, at acme's own host name);
// the rules that need no server (checkError, identity, permissions) on a stored user.

/** A stored user for the rules that only read the session. */
const user = {
  id: 3,
  username: 'viewer',
  fullName: 'Vi Ewer',
  email: 'v@acme.example',
  role: 'viewer',
  active: true,
  accountId: 2,
  site: 'acme',
};

let server: TestServer;
let logged: unknown[][];
const acmeHost = () => `http://acme.localhost:${server.port}`;

beforeAll(async () => {
  server = await build();
  await resolveLocalhostNames(server.baseUrl);
});
afterAll(async () => {
  setApiPrefix('');
  await server.close();
});
beforeEach(() => {
  setApiPrefix(acmeHost());
  server.requests.length = 0;
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  window.history.pushState({}, '', '/datasets/4?view=table');
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
  sessionStorage.clear();
});

/** The user and a session token the server answers for `username` of acme. */
async function signedIn(username: string) {
  const token = await server.sessionFor('acme', username);
  const answer = await fetch(`${acmeHost()}/api/v1/verifyLogin`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    token,
    user: ((await answer.json()) as { user: typeof user }).user,
    status: answer.status,
  };
}

describe('login', () => {
  it('stores the user and the token in sessionStorage', async () => {
    window.history.pushState({}, '', '/login');
    await authProvider.login({ username: 'viewer', password: TEST_PASSWORD });
    const token = sessionStorage.getItem(SESSION_KEYS.token)!;
    const known = await fetch(`${acmeHost()}/api/v1/verifyLogin`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(known.status).toBe(200);
    const { user: served } = (await known.json()) as { user: typeof user };
    expect(served).toMatchObject({ username: 'viewer', role: 'viewer', site: 'acme' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.user)!)).toEqual(served);
    expect(JSON.parse(server.requests[0].body)).toEqual({
      username: 'viewer',
      password: TEST_PASSWORD,
    });
  });

  it('returns to the remembered path after sign-in', async () => {
    window.history.pushState(
      {},
      '',
      `/login?redirect=${encodeURIComponent('/datasets/4?view=table')}`,
    );
    const answer = await authProvider.login({ username: 'viewer', password: TEST_PASSWORD });
    expect(answer).toEqual({ redirectTo: '/datasets/4?view=table' });
  });

  it('rejects with "Invalid username or password" on wrong credentials, and stores nothing', async () => {
    await expect(authProvider.login({ username: 'viewer', password: 'nope' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(sessionStorage.length).toBe(0);
    expect(logged.length).toBeGreaterThan(0);
  });

  it('says why when throttled', async () => {
    // The server backs off an address after five wrong passwords for one user.
    for (let i = 0; i < 5; i++) expect(await loginRequest('editor', 'wrong')).toBeNull();
    await expect(authProvider.login({ username: 'editor', password: 'nope' })).rejects.toThrow(
      /Too many sign-in attempts/,
    );
  });

  it('loginRequest answers null and logs on failure', async () => {
    expect(await loginRequest('viewer', 'nope')).toBeNull();
    expect(logged).toHaveLength(1);
  });
});

describe('logout', () => {
  it('calls the server with the token and clears ALL of sessionStorage', async () => {
    const { token } = await signedIn('viewer');
    sessionStorage.setItem(SESSION_KEYS.token, token);
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    sessionStorage.setItem(SESSION_KEYS.companyProfile, '{"name":"Acme"}');
    sessionStorage.setItem('something-else', 'x');
    // A password session: no provider to sign out at, react-admin goes to its sign-in page.
    expect(await authProvider.logout({})).toBeUndefined();
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(sessionStorage.length).toBe(0);
    expect((await signedIn('viewer')).status).toBe(200);
    const revoked = await fetch(`${acmeHost()}/api/v1/verifyLogin`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(401);
  });

  it('still clears the session when the server call fails; logoutRequest answers false and logs', async () => {
    // A token the server does not know: it refuses the sign-out.
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-unknown');
    await authProvider.logout({});
    expect(sessionStorage.length).toBe(0);
    expect(await logoutRequest('tok-unknown')).toBe(false);
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });
});

describe('checkAuth', () => {
  it('accepts a user already in sessionStorage without calling the server', async () => {
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('verifies the login when no user is in state, and stores an active user', async () => {
    const { token, user: served } = await signedIn('viewer');
    server.requests.length = 0;
    sessionStorage.setItem(SESSION_KEYS.token, token);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(server.requests[0].path).toBe('/api/v1/verifyLogin');
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(getStoredUser()).toEqual(served);
  });

  it('never stores an inactive user, and sends to /login remembering the path', async () => {
    const { token } = await signedIn('inactive');
    sessionStorage.setItem(SESSION_KEYS.token, token);
    await expect(authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: `/login?redirect=${encodeURIComponent('/datasets/4?view=table')}`,
    });
    expect(getStoredUser()).toBeNull();
  });

  it('sends to /login when the server does not know the session', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-unknown');
    await expect(authProvider.checkAuth({})).rejects.toHaveProperty(
      'redirectTo',
      `/login?redirect=${encodeURIComponent('/datasets/4?view=table')}`,
    );
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });
});

describe('checkError, identity, permissions', () => {
  it('rejects 401 and 403, accepts other errors', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toHaveProperty('redirectTo');
    await expect(authProvider.checkError({ status: 403 })).rejects.toHaveProperty('redirectTo');
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('keeps the session on a business refusal: a 403 with a refusal code', async () => {
    const body = { statusCode: 403, message: 'The Free plan allows 5 dashboards.' };
    await expect(
      authProvider.checkError({ status: 403, body: { ...body, code: 'plan-limit' } }),
    ).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 403, body })).rejects.toHaveProperty(
      'redirectTo',
    );
  });

  it('remembers the page, and keeps the first remembered page when already on /login', async () => {
    window.history.pushState({}, '', '/users?page=2');
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({
      redirectTo: '/login?redirect=%2Fusers%3Fpage%3D2',
    });
    window.history.pushState({}, '', '/login?redirect=%2Fusers');
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({
      redirectTo: '/login?redirect=%2Fusers',
    });
    window.history.pushState({}, '', '/');
  });

  it('answers the stored user as identity and the role as permissions', async () => {
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 3, fullName: 'Vi Ewer' });
    await expect(authProvider.getPermissions!({})).resolves.toBe('viewer');
  });

  it('lets a role use only its sections', async () => {
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    await expect(authProvider.canAccess!({ action: 'list', resource: 'dashboards' })).resolves.toBe(
      true,
    );
    await expect(authProvider.canAccess!({ action: 'edit', resource: 'dashboards' })).resolves.toBe(
      false,
    );
    await expect(authProvider.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(
      false,
    );
  });
});

describe('registerAccount', () => {
  const payload = {
    companyName: 'Beta',
    site: 'beta',
    fullName: 'Bea Beta',
    email: 'b@beta.example',
    username: 'bea',
  };

  // Registration is asked of the platform's own host.
  beforeEach(() => setApiPrefix(`http://localhost:${server.port}`));

  it('answers the server true, and false (logged) when it refuses: the site is taken', async () => {
    expect(await registerAccount(payload)).toBe(true);
    expect(JSON.parse(server.requests[0].body)).toEqual(payload);
    expect(logged).toHaveLength(0);
    expect(await registerAccount({ ...payload, email: 'other@beta.example' })).toBe(false);
    expect(logged).toHaveLength(1);
  });
});

describe('redirectTargetFromSearch', () => {
  it('accepts local paths only', () => {
    expect(redirectTargetFromSearch('?redirect=%2Fusers%2F2')).toBe('/users/2');
    expect(redirectTargetFromSearch('?redirect=%2F%2Fevil.example')).toBeNull();
    expect(redirectTargetFromSearch('?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(redirectTargetFromSearch('')).toBeNull();
  });
});
