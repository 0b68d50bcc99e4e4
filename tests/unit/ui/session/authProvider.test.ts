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
import { json, startLocalServer, type LocalServer } from '../../support/localServer';

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

let server: LocalServer;
let logged: unknown[][];

beforeAll(async () => {
  server = await startLocalServer();
  setApiPrefix(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
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
});

describe('login', () => {
  it('stores the user and the token in sessionStorage', async () => {
    server.route('POST', '/api/v1/login', json({ token: 'tok-1', user }));
    window.history.pushState({}, '', '/login');
    await authProvider.login({ username: 'viewer', password: 'correct horse battery' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.user)!)).toEqual(user);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-1');
    expect(JSON.parse(server.requests[0].body.toString())).toEqual({
      username: 'viewer',
      password: 'correct horse battery',
    });
  });

  it('returns to the remembered path after sign-in', async () => {
    server.route('POST', '/api/v1/login', json({ token: 'tok-1', user }));
    window.history.pushState(
      {},
      '',
      `/login?redirect=${encodeURIComponent('/datasets/4?view=table')}`,
    );
    const answer = await authProvider.login({ username: 'viewer', password: 'x' });
    expect(answer).toEqual({ redirectTo: '/datasets/4?view=table' });
  });

  it('rejects with "Invalid username or password" on wrong credentials, and stores nothing', async () => {
    server.route(
      'POST',
      '/api/v1/login',
      json({ statusCode: 401, message: 'Wrong credentials' }, 401),
    );
    await expect(authProvider.login({ username: 'viewer', password: 'nope' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(sessionStorage.length).toBe(0);
    expect(logged.length).toBeGreaterThan(0);
  });

  it('says why when throttled', async () => {
    server.route(
      'POST',
      '/api/v1/login',
      json({ statusCode: 429, message: 'slow down' }, 429, { 'retry-after': '30' }),
    );
    await expect(authProvider.login({ username: 'viewer', password: 'nope' })).rejects.toThrow(
      /Too many sign-in attempts/,
    );
  });

  it('loginRequest answers null and logs on failure', async () => {
    server.route('POST', '/api/v1/login', json({ statusCode: 401, message: 'no' }, 401));
    expect(await loginRequest('viewer', 'nope')).toBeNull();
    expect(logged).toHaveLength(1);
  });
});

describe('logout', () => {
  it('calls the server with the token and clears ALL of sessionStorage', async () => {
    server.route('GET', '/api/v1/logout', json({ success: true }));
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    sessionStorage.setItem(SESSION_KEYS.companyProfile, '{"name":"Acme"}');
    sessionStorage.setItem('something-else', 'x');
    await authProvider.logout({});
    expect(server.requests[0].headers.authorization).toBe('Bearer tok-1');
    expect(sessionStorage.length).toBe(0);
  });

  it('still clears the session when the server call fails; logoutRequest answers false and logs', async () => {
    server.route('GET', '/api/v1/logout', json({ message: 'down' }, 500));
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    await authProvider.logout({});
    expect(sessionStorage.length).toBe(0);
    expect(await logoutRequest('tok-1')).toBe(false);
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
    server.route('GET', '/api/v1/verifyLogin', json({ user }));
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-9');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(server.requests[0].path).toBe('/api/v1/verifyLogin');
    expect(server.requests[0].headers.authorization).toBe('Bearer tok-9');
    expect(getStoredUser()).toEqual(user);
  });

  it('never stores an inactive user, and sends to /login remembering the path', async () => {
    server.route('GET', '/api/v1/verifyLogin', json({ user: { ...user, active: false } }));
    await expect(authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: `/login?redirect=${encodeURIComponent('/datasets/4?view=table')}`,
    });
    expect(getStoredUser()).toBeNull();
  });

  it('sends to /login when the server does not know the session', async () => {
    server.route('GET', '/api/v1/verifyLogin', json({ statusCode: 401, message: 'no' }, 401));
    await expect(authProvider.checkAuth({})).rejects.toHaveProperty(
      'redirectTo',
      `/login?redirect=${encodeURIComponent('/datasets/4?view=table')}`,
    );
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('sends to /login when the answer holds no user', async () => {
    server.route('GET', '/api/v1/verifyLogin', json({}));
    await expect(authProvider.checkAuth({})).rejects.toHaveProperty('redirectTo');
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
    fullName: 'B',
    email: 'b@beta.example',
    username: 'b',
  };

  it('answers the server true or false', async () => {
    server.route('POST', '/api/v1/register', json(true));
    expect(await registerAccount(payload)).toBe(true);
    expect(JSON.parse(server.requests[0].body.toString())).toEqual(payload);
    server.route('POST', '/api/v1/register', json(false));
    expect(await registerAccount(payload)).toBe(false);
  });

  it('answers false and logs on failure', async () => {
    server.route('POST', '/api/v1/register', json({ statusCode: 400, message: 'site taken' }, 400));
    expect(await registerAccount(payload)).toBe(false);
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
