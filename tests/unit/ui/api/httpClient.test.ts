import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import {
  CancelledError,
  HttpError,
  apiUrl,
  cancelAllRequests,
  httpClient,
  httpRequest,
  pendingRequestCount,
  setApiPrefix,
} from '../../../../src/ui/api/httpClient';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { build, type TestServer } from '../../../api/harness';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { json, startLocalServer, type LocalServer, type Reply } from '../../support/localServer';

// The HTTP client against the real server for what it sends and how it takes the app's own
// answers; against a scripted server (support/localServer.ts) for what only a network or a
// load balancer does (dropped connections, 502 and 504, answers that never come, bodies that
// are not JSON) and for refusal wordings the real server would need whole plans set up for.

const acmeUser = {
  id: 7,
  username: 'editor',
  fullName: 'Eddie Tor',
  email: 'e@acme.example',
  role: 'editor',
  active: true,
  accountId: 2,
  site: 'acme',
};

let server: LocalServer;
let app: TestServer;
let navigations: string[];

beforeAll(async () => {
  server = await startLocalServer();
  app = await build();
  await resolveLocalhostNames(app.baseUrl);
});
afterAll(async () => {
  setApiPrefix('');
  await server.close();
  await app.close();
});

beforeEach(() => {
  setApiPrefix(server.url);
  server.requests.length = 0;
  app.requests.length = 0;
  navigations = [];
  vi.spyOn(browserNavigation, 'assign').mockImplementation((url: string) => {
    navigations.push(url);
  });
  window.history.pushState({}, '', '/dashboards/3?tab=2');
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

function signIn() {
  sessionStorage.setItem(SESSION_KEYS.token, 'tok-123');
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(acmeUser));
}

/** A session of the real server's acme `username`, stored as sign-in stores it. */
async function signInToApp(username = 'editor', role = 'editor'): Promise<string> {
  const token = await app.sessionFor('acme', username);
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...acmeUser, username, role }));
  return token;
}

describe('apiUrl', () => {
  it('prepends the configurable prefix to every path', () => {
    setApiPrefix('/node/');
    expect(apiUrl('/api/v1/login')).toBe('/node/api/v1/login');
    expect(apiUrl('api/v1/login')).toBe('/node/api/v1/login');
    setApiPrefix('');
    expect(apiUrl('/api/v1/login')).toBe('/api/v1/login');
    setApiPrefix(server.url);
    expect(apiUrl('/api/v1/x')).toBe(`${server.url}/api/v1/x`);
  });
});

describe('request headers', () => {
  beforeEach(() => setApiPrefix(app.baseUrl));

  it('sends a JSON content type, and bearer plus site when both are known', async () => {
    const token = await signInToApp();
    await httpClient(apiUrl('/api/v1/dashboards'));
    const { headers } = app.requests[0];
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBe(`Bearer ${token}`);
    expect(headers.site).toBe('acme');
  });

  it('sends neither bearer nor site when only one of them is known', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-123');
    await httpClient(apiUrl('/api/v1/dashboards')).catch(() => null);
    sessionStorage.clear();
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(acmeUser));
    await httpClient(apiUrl('/api/v1/dashboards')).catch(() => null);
    expect(app.requests).toHaveLength(2);
    for (const request of app.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.site).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/json');
    }
  });

  it('lets form data carry its own multipart content type', async () => {
    const token = await app.sessionFor('www', 'admin');
    sessionStorage.setItem(SESSION_KEYS.token, token);
    sessionStorage.setItem(
      SESSION_KEYS.user,
      JSON.stringify({ ...acmeUser, username: 'admin', role: 'platform-admin', site: 'www' }),
    );
    const form = new FormData();
    form.append('name', 'Acme');
    const failure = (await httpClient(apiUrl('/api/v1/companyProfiles'), {
      method: 'POST',
      body: form,
    }).catch((error: unknown) => error)) as HttpError;
    expect(app.requests[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The server read the form: it took the name and asks for the account it lacks.
    expect(failure.status).toBe(400);
    expect(failure.body).toMatchObject({ field: 'accountId' });
  });

  it('uses a share token as the bearer instead of the session', async () => {
    await signInToApp();
    await httpClient(apiUrl('/api/v1/dashboards/5'), { shareToken: 'share-abc' }).catch(() => null);
    expect(app.requests[0].headers.authorization).toBe('Bearer share-abc');
    expect(app.requests[0].headers.site).toBeUndefined();
  });

  it('keeps a content type the caller chose', async () => {
    await httpClient(apiUrl('/api/v1/users/3'), {
      method: 'DELETE',
      headers: new Headers({ 'Content-Type': 'text/plain' }),
    }).catch(() => null);
    expect(app.requests[0].headers['content-type']).toBe('text/plain');
  });
});

describe('401 and 403 answers', () => {
  it.each([
    [401, 'a session the server does not know', () => signIn()],
    [403, 'a viewer, in a section not theirs', () => signInToApp('viewer', 'viewer')],
  ])(
    '%i (%s) sends the browser to /login with the current path and forgets the session',
    async (status, _who, signInAs) => {
      setApiPrefix(app.baseUrl);
      await signInAs();
      const failure = await httpClient(apiUrl('/api/v1/users')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).status).toBe(status);
      expect(navigations).toEqual([`/login?redirect=${encodeURIComponent('/dashboards/3?tab=2')}`]);
      expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
      expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
    },
  );

  it.each([
    ['POST', '/api/v1/login', JSON.stringify({ username: 'editor', password: 'wrong-password' })],
    ['GET', '/api/v1/verifyLogin', undefined],
    ['GET', '/api/v1/logout', undefined],
  ])('leaves %s %s failures to the caller', async (method, path, body) => {
    setApiPrefix(`http://acme.localhost:${app.port}`);
    signIn();
    const failure = await httpClient(apiUrl(path), { method, body }).catch(
      (error: unknown) => error,
    );
    expect((failure as HttpError).status).toBe(401);
    expect(navigations).toEqual([]);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-123');
  });

  // The server answers a registration 200 or 400; a 401 is the client's rule alone.
  it('leaves /api/v1/register failures to the caller', async () => {
    server.route(
      'GET',
      '/api/v1/register',
      json({ statusCode: 401, error: 'Unauthorized', message: 'no' }, 401),
    );
    signIn();
    const failure = await httpClient(apiUrl('/api/v1/register')).catch((error: unknown) => error);
    expect((failure as HttpError).status).toBe(401);
    expect(navigations).toEqual([]);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-123');
  });

  it.each([
    ['plan-limit', 'The Free plan allows 5 dashboards.'],
    ['row-policy', 'Only an admin may change or remove a policy that applies to editors.'],
    ['action-not-allowed', 'Only platform administrators may create company profiles.'],
  ])(
    'a 403 business refusal (%s) keeps the session and carries its message',
    async (code, message) => {
      server.route(
        'POST',
        '/api/v1/dashboards',
        json({ statusCode: 403, error: 'Forbidden', message, code }, 403),
      );
      signIn();
      const failure = await httpClient(apiUrl('/api/v1/dashboards'), {
        method: 'POST',
        body: '{}',
      }).catch((error: unknown) => error);
      expect((failure as HttpError).status).toBe(403);
      expect((failure as HttpError).message).toContain(message);
      expect(navigations).toEqual([]);
      expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-123');
      expect(sessionStorage.getItem(SESSION_KEYS.user)).not.toBeNull();
    },
  );

  it('a 403 with a code it does not know still ends the session', async () => {
    server.route(
      'GET',
      '/api/v1/users',
      json({ statusCode: 403, error: 'Forbidden', message: 'no', code: 'made-up' }, 403),
    );
    signIn();
    await httpClient(apiUrl('/api/v1/users')).catch(() => null);
    expect(navigations).toHaveLength(1);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('a plan limit tells whom to ask for a larger plan, never the platform', async () => {
    const body = { statusCode: 403, error: 'Forbidden', code: 'plan-limit' };
    const message = 'The Free plan allows 5 dashboards.';
    server.route('POST', '/api/v1/dashboards', json({ ...body, message }, 403));
    signIn();
    const asEditor = await httpClient(apiUrl('/api/v1/dashboards'), { method: 'POST' }).catch(
      (error: HttpError) => error.message,
    );
    expect(asEditor).toBe(
      `${message} To go beyond it, ask an admin of your account for a larger plan.`,
    );
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...acmeUser, role: 'admin' }));
    const asAdmin = await httpClient(apiUrl('/api/v1/dashboards'), { method: 'POST' }).catch(
      (error: HttpError) => error.message,
    );
    expect(asAdmin).toBe(
      `${message} To go beyond it, ask your provider to move your account to a larger plan.`,
    );
  });

  it('leaves them to a caller that asks to handle them', async () => {
    setApiPrefix(app.baseUrl);
    signIn();
    const failure = await httpClient(apiUrl('/api/v1/users'), {
      handleAuthErrorsInCaller: true,
    }).catch((error: unknown) => error);
    expect((failure as HttpError).status).toBe(401);
    expect(navigations).toEqual([]);
  });
});

describe('other failures', () => {
  it('throw an HttpError with the status and the JSON body', async () => {
    setApiPrefix(app.baseUrl);
    await signInToApp();
    const failure = (await httpClient(apiUrl('/api/v1/dashboards'), {
      method: 'POST',
      body: JSON.stringify({ name: 7 }),
    }).catch((error: unknown) => error)) as HttpError;
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure.status).toBe(400);
    const body = failure.body as { statusCode: number; message: string; field: string };
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'name' });
    expect(failure.message).toBe(body.message);
    expect(navigations).toEqual([]);
  });

  it('throw an HttpError with the text when the body is not JSON', async () => {
    server.route('GET', '/api/v1/broken', {
      status: 502,
      headers: { 'content-type': 'text/plain' },
      body: 'Bad gateway',
    });
    const failure = (await httpClient(apiUrl('/api/v1/broken')).catch(
      (error: unknown) => error,
    )) as HttpError;
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure.status).toBe(502);
    expect(failure.body).toBe('Bad gateway');
  });
});

describe('cancellation', () => {
  it('an aborted call throws a CancelledError, not an HttpError', async () => {
    server.route('GET', '/api/v1/slow', { hang: true });
    const controller = new AbortController();
    const call = httpClient(apiUrl('/api/v1/slow'), { signal: controller.signal });
    controller.abort();
    const failure = await call.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CancelledError);
    expect(failure).not.toBeInstanceOf(HttpError);
  });

  it('cancelAllRequests aborts every pending call', async () => {
    server.route('GET', '/api/v1/slow-all', { hang: true });
    const calls = [1, 2, 3].map(() =>
      httpClient(apiUrl('/api/v1/slow-all')).catch((error: unknown) => error),
    );
    await vi.waitUntil(
      () => server.requests.filter((r) => r.path === '/api/v1/slow-all').length === 3,
    );
    expect(pendingRequestCount()).toBe(3);
    cancelAllRequests();
    const failures = await Promise.all(calls);
    for (const failure of failures) expect(failure).toBeInstanceOf(CancelledError);
    expect(pendingRequestCount()).toBe(0);
  });
});

describe('answers parsed by content type', () => {
  it('JSON', async () => {
    setApiPrefix(app.baseUrl);
    await signInToApp('admin', 'admin');
    const answer = await httpClient(apiUrl('/api/v1/users?range=[0,0]'));
    expect(answer.status).toBe(200);
    const [first] = answer.json as { id: number; username: string }[];
    expect(answer.json).toHaveLength(1);
    expect(first).toMatchObject({ username: expect.any(String) });
    expect(answer.headers.get('content-range')).toMatch(/^users 0-0\/\d+$/);
    const request = await httpRequest(apiUrl('/api/v1/users?range=[0,0]'));
    expect(request.kind).toBe('json');
  });

  it('binary', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    server.route('GET', '/api/v1/logo', { headers: { 'content-type': 'image/png' }, body: png });
    const answer = await httpRequest<Blob>(apiUrl('/api/v1/logo'));
    expect(answer.kind).toBe('binary');
    expect(answer.data.type).toBe('image/png');
    expect(Buffer.from(await answer.data.arrayBuffer())).toEqual(png);
    const compatible = await httpClient(apiUrl('/api/v1/logo'));
    expect(compatible.blob?.size).toBe(png.length);
  });

  it('text', async () => {
    server.route('GET', '/api/v1/readme', {
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    const answer = await httpRequest(apiUrl('/api/v1/readme'));
    expect(answer).toMatchObject({ kind: 'text', data: 'hello' });
    expect((await httpClient(apiUrl('/api/v1/readme'))).body).toBe('hello');
  });
});

describe('a read that meets a dropped connection or a load balancer error', () => {
  /** Answers `first` to the first call of the route, then 200 with `{ ok: true }`. */
  function failingOnce(method: string, path: string, first: Reply) {
    let calls = 0;
    server.route(method, path, () => (calls++ === 0 ? first : json({ ok: true })));
  }
  const calls = (method: string, path: string) =>
    server.requests.filter((request) => request.method === method && request.path === path).length;

  it('is sent once more after a dropped connection, a 502 and a 504', async () => {
    signIn();
    for (const first of [{ drop: true }, json({}, 502), json({}, 504)]) {
      server.requests.length = 0;
      failingOnce('GET', '/api/v1/dashboards/9', first);
      const answer = await httpClient(`${server.url}/api/v1/dashboards/9`);
      expect(answer.json).toEqual({ ok: true });
      expect(calls('GET', '/api/v1/dashboards/9')).toBe(2);
    }
  });

  it('repeats the read-only POSTs (chart queries, filter values, explorer SQL)', async () => {
    signIn();
    for (const path of [
      '/api/v1/query',
      '/api/v1/query/values',
      '/api/v1/sql',
      '/api/v1/share/dashboards/4/query',
      '/api/v1/share/dashboards/4/filterValues',
    ]) {
      failingOnce('POST', path, json({}, 502));
      const answer = await httpClient(`${server.url}${path}`, {
        method: 'POST',
        body: JSON.stringify({ q: 1 }),
      });
      expect(answer.json).toEqual({ ok: true });
      expect(calls('POST', path)).toBe(2);
      const bodies = server.requests.filter((request) => request.path === path);
      expect(bodies.map((request) => request.body.toString())).toEqual(['{"q":1}', '{"q":1}']);
    }
  });

  it('never repeats a write, nor a full query queue (503 with Retry-After)', async () => {
    signIn();
    failingOnce('POST', '/api/v1/users', json({ message: 'bad gateway' }, 502));
    await expect(
      httpClient(`${server.url}/api/v1/users`, { method: 'POST', body: '{}' }),
    ).rejects.toMatchObject({ status: 502 });
    expect(calls('POST', '/api/v1/users')).toBe(1);

    failingOnce('DELETE', '/api/v1/users/4', { drop: true });
    await expect(
      httpClient(`${server.url}/api/v1/users/4`, { method: 'DELETE' }),
    ).rejects.toThrow();
    expect(calls('DELETE', '/api/v1/users/4')).toBe(1);

    failingOnce('POST', '/api/v1/query', json({ message: 'full' }, 503, { 'retry-after': '3' }));
    server.requests.length = 0;
    await expect(
      httpClient(`${server.url}/api/v1/query`, { method: 'POST', body: '{}' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls('POST', '/api/v1/query')).toBe(1);
  });

  it('answers the second failure as the error, after two tries only', async () => {
    signIn();
    server.route('GET', '/api/v1/charts/2', json({ message: 'no instance' }, 502));
    await expect(httpClient(`${server.url}/api/v1/charts/2`)).rejects.toMatchObject({
      status: 502,
    });
    expect(calls('GET', '/api/v1/charts/2')).toBe(2);
  });
});
