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
import { startLoadBalancer, type LoadBalancer } from '../../support/loadBalancer';

// The HTTP client against the real server, and against real nginx in front of it for what
// only the way to the server does (support/loadBalancer.ts): connections dropped before an
// answer, 502 and 504 of a load balancer, 401 of a site behind basic authentication, 403 of
// an address rule, bodies that are not JSON.

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

let app: TestServer;
let lb: LoadBalancer;
let navigations: string[];
/** A dashboard, a survey and a row policy of acme's, made through the API. */
const acme = { sourceId: 0, dashboardId: 0, surveyId: 0, datasetId: 0, policyId: 0 };

/** A call of the real server's API as `token` of `site`, outside the client under test. */
async function api(token: string, site: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, site, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

/** acme's dashboard, survey, and a SQL dataset with a policy that holds for editors. */
async function makeAcmeContent() {
  const editor = await app.sessionFor('acme', 'editor');
  const admin = await app.sessionFor('acme', 'admin');
  acme.dashboardId = (await api(editor, 'acme', 'POST', '/api/v1/dashboards', { name: 'Ways' }))
    .id as number;
  const question = { type: 'short_text', text: 'Your team', required: true };
  const survey = { name: 'Pulse', description: '', questions: [question] };
  acme.surveyId = (await api(editor, 'acme', 'POST', '/api/v1/surveys', survey)).id as number;
  const sources = (await api(admin, 'acme', 'GET', '/api/v1/datasources')) as unknown as {
    id: number;
  }[];
  acme.sourceId = sources[0].id;
  const dataset = { sourceId: acme.sourceId, name: 'Regions', sql: "select 'north' as region" };
  acme.datasetId = (await api(admin, 'acme', 'POST', '/api/v1/datasets', dataset)).id as number;
  const policy = { field: 'region', op: '=', attribute: 'region' };
  const policies = `/api/v1/datasets/${acme.datasetId}/policies`;
  acme.policyId = (await api(admin, 'acme', 'POST', policies, policy)).id as number;
}

/** The account `limited`, on a plan of one dashboard that it already has. */
async function makeLimitedAccount() {
  const platform = await app.sessionFor('www', 'admin');
  const plan = await api(platform, 'www', 'POST', '/api/v1/pricing', {
    name: 'Free',
    priceMonthly: 0,
    currency: 'USD',
    features: [],
    highlighted: false,
    active: true,
    sortOrder: 50,
    maxDashboards: 1,
  });
  const account = { site: 'limited', name: 'Limited Ltd', planId: plan.id };
  await api(platform, 'www', 'POST', '/api/v1/accounts', account);
  await app.addAccount('limited', { editor: 'editor', admin: 'admin' });
  const editor = await app.sessionFor('limited', 'editor');
  await api(editor, 'limited', 'POST', '/api/v1/dashboards', { name: 'The one' });
}

beforeAll(async () => {
  app = await build();
  lb = await startLoadBalancer(app.port);
  await resolveLocalhostNames(app.baseUrl);
  await makeAcmeContent();
  await makeLimitedAccount();
});
afterAll(async () => {
  setApiPrefix('');
  await lb?.close();
  await app?.close();
});

beforeEach(() => {
  setApiPrefix(app.baseUrl);
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

/** A session of the real server's `username` of `site`, stored as sign-in stores it. */
async function signInToApp(username = 'editor', role = 'editor', site = 'acme'): Promise<string> {
  const token = await app.sessionFor(site, username);
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...acmeUser, username, role, site }));
  return token;
}

describe('apiUrl', () => {
  it('prepends the configurable prefix to every path', () => {
    setApiPrefix('/node/');
    expect(apiUrl('/api/v1/login')).toBe('/node/api/v1/login');
    expect(apiUrl('api/v1/login')).toBe('/node/api/v1/login');
    setApiPrefix('');
    expect(apiUrl('/api/v1/login')).toBe('/api/v1/login');
    setApiPrefix(app.baseUrl);
    expect(apiUrl('/api/v1/x')).toBe(`${app.baseUrl}/api/v1/x`);
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

  // The server answers a registration 200 or 400; a 401 is the client's rule alone, met
  // here as a staging site behind basic authentication answers every request.
  it('leaves /api/v1/register failures to the caller', async () => {
    setApiPrefix(lb.url('basic-auth'));
    signIn();
    const failure = await httpClient(apiUrl('/api/v1/register')).catch((error: unknown) => error);
    expect((failure as HttpError).status).toBe(401);
    expect(navigations).toEqual([]);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-123');
  });

  /** The server's own refusal of `method path` to `token`, as its API answers it. */
  async function refusalOf(token: string, site: string, method: string, path: string) {
    const answer = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, site, 'content-type': 'application/json' },
      body: method === 'POST' ? '{"name":"One more"}' : undefined,
    });
    return (await answer.json()) as { message: string; code: string };
  }

  it.each([
    ['plan-limit', 'limited', 'editor', 'POST', () => '/api/v1/dashboards'],
    [
      'row-policy',
      'acme',
      'editor',
      'DELETE',
      () => `/api/v1/datasets/${acme.datasetId}/policies/${acme.policyId}`,
    ],
    ['action-not-allowed', 'acme', 'admin', 'POST', () => '/api/v1/companyProfiles'],
  ])(
    'a 403 business refusal (%s) keeps the session and carries its message',
    async (code, site, username, method, path) => {
      const token = await signInToApp(username, username, site);
      const refusal = await refusalOf(token, site, method, path());
      expect(refusal.code).toBe(code);
      const failure = await httpClient(apiUrl(path()), {
        method,
        body: method === 'POST' ? '{"name":"One more"}' : undefined,
      }).catch((error: unknown) => error);
      expect((failure as HttpError).status).toBe(403);
      expect((failure as HttpError).message).toContain(refusal.message);
      expect(navigations).toEqual([]);
      expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe(token);
      expect(sessionStorage.getItem(SESSION_KEYS.user)).not.toBeNull();
    },
  );

  it('a 403 without a refusal code it knows (an address rule of the way) ends the session', async () => {
    setApiPrefix(lb.url('denied'));
    signIn();
    const failure = await httpClient(apiUrl('/api/v1/users')).catch((error: unknown) => error);
    expect((failure as HttpError).status).toBe(403);
    expect(navigations).toHaveLength(1);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('a plan limit tells whom to ask for a larger plan, never the platform', async () => {
    const create = () =>
      httpClient(apiUrl('/api/v1/dashboards'), { method: 'POST', body: '{"name":"Two"}' }).catch(
        (error: HttpError) => error.message,
      );
    const editor = await signInToApp('editor', 'editor', 'limited');
    const { message } = await refusalOf(editor, 'limited', 'POST', '/api/v1/dashboards');
    expect(message).toBe('The Free plan allows 1 dashboard.');
    expect(await create()).toBe(
      `${message} To go beyond it, ask an admin of your account for a larger plan.`,
    );
    await signInToApp('admin', 'admin', 'limited');
    expect(await create()).toBe(
      `${message} To go beyond it, ask your provider to move your account to a larger plan.`,
    );
  });

  it('leaves them to a caller that asks to handle them', async () => {
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

  it("throw an HttpError with the text when the body is not JSON (a load balancer's page)", async () => {
    await signInToApp();
    const failure = (await httpClient(`${lb.url('no-instance')}/api/v1/charts/1`).catch(
      (error: unknown) => error,
    )) as HttpError;
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure.status).toBe(502);
    expect(failure.body).toEqual(expect.stringContaining('<title>502 Bad Gateway</title>'));
  });
});

/** Explorer SQL that runs until it is stopped (DuckDB counting to a trillion; an admin's:
 * acme's editors are held by a row policy, which refuses them explorer SQL on its source). */
const endless = (n: number) => ({
  method: 'POST',
  body: JSON.stringify({
    sourceId: acme.sourceId,
    sql: `select sum(range) + ${n} from range(1000000000000)`,
  }),
});

describe('cancellation', () => {
  it('an aborted call throws a CancelledError, not an HttpError', async () => {
    await signInToApp('admin', 'admin');
    const controller = new AbortController();
    const call = httpClient(apiUrl('/api/v1/sql'), { ...endless(0), signal: controller.signal });
    controller.abort();
    const failure = await call.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CancelledError);
    expect(failure).not.toBeInstanceOf(HttpError);
  });

  it('cancelAllRequests aborts every pending call', async () => {
    await signInToApp('admin', 'admin');
    const calls = [1, 2, 3].map((n) =>
      httpClient(apiUrl('/api/v1/sql'), endless(n)).catch((error: unknown) => error),
    );
    await vi.waitUntil(() => app.requests.filter((r) => r.path === '/api/v1/sql').length === 3);
    expect(pendingRequestCount()).toBe(3);
    cancelAllRequests();
    const failures = await Promise.all(calls);
    for (const failure of failures) expect(failure).toBeInstanceOf(CancelledError);
    expect(pendingRequestCount()).toBe(0);
  });
});

describe('answers parsed by content type', () => {
  it('JSON', async () => {
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

  it('binary (the tenant logo)', async () => {
    await signInToApp();
    const logo = await fetch(`${app.baseUrl}/api/v1/logo`, { headers: { site: 'acme' } });
    const png = Buffer.from(new Uint8Array(await logo.arrayBuffer()));
    expect(png.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const answer = await httpRequest<Blob>(apiUrl('/api/v1/logo'));
    expect(answer.kind).toBe('binary');
    expect(answer.data.type).toBe('image/png');
    expect(Buffer.from(await answer.data.arrayBuffer())).toEqual(png);
    const compatible = await httpClient(apiUrl('/api/v1/logo'));
    expect(compatible.blob?.size).toBe(png.length);
  });

  it("text (a survey's answers as CSV)", async () => {
    await signInToApp();
    const path = `/api/v1/surveys/${acme.surveyId}/answers.csv`;
    const answer = await httpRequest(apiUrl(path));
    expect(answer).toMatchObject({ kind: 'text', data: expect.stringContaining('Your team') });
    expect((await httpClient(apiUrl(path))).body).toBe(answer.data);
  });
});

describe('a read that meets a dropped connection or a load balancer error', () => {
  const received = (path: string) => app.requests.filter((request) => request.path === path);

  it('is sent once more after a dropped connection, a 502 and a 504', async () => {
    await signInToApp();
    const path = `/api/v1/dashboards/${acme.dashboardId}`;
    for (const way of ['dropped-once', 'no-instance-once', 'instance-too-slow-once'] as const) {
      const before = await lb.calls('GET', path);
      const answer = await httpClient(`${lb.url(way)}${path}`);
      expect(answer.json).toMatchObject({ id: acme.dashboardId, name: 'Ways' });
      expect((await lb.calls('GET', path)) - before, way).toBe(2);
    }
    expect(received(path)).toHaveLength(3);
  });

  it('repeats the read-only POSTs (chart queries, filter values, explorer SQL)', async () => {
    await signInToApp('admin', 'admin');
    const sql = JSON.stringify({ sourceId: acme.sourceId, sql: 'select 42 as answer' });
    const sqlAnswer = await httpClient(`${lb.url('no-instance-once')}/api/v1/sql`, {
      method: 'POST',
      body: sql,
    });
    expect((sqlAnswer.json as { rows: unknown[][] }).rows).toEqual([[42]]);
    expect(await lb.calls('POST', '/api/v1/sql')).toBe(2);
    // The others reach the server on the second try: it answers their (empty) question itself.
    for (const path of [
      '/api/v1/query',
      '/api/v1/query/values',
      '/api/v1/share/dashboards/4/query',
      '/api/v1/share/dashboards/4/filterValues',
    ]) {
      const failure = (await httpClient(`${lb.url('no-instance-once')}${path}`, {
        method: 'POST',
        body: JSON.stringify({ q: 1 }),
        shareToken: path.includes('/share/') ? 'not-a-share-token' : undefined,
      }).catch((error: unknown) => error)) as HttpError;
      expect(failure.status, path).toBeGreaterThanOrEqual(400);
      expect(failure.status, path).toBeLessThan(500);
      expect(await lb.calls('POST', path), path).toBe(2);
      expect(received(path).map((request) => request.body)).toEqual(['{"q":1}']);
    }
  });

  it('never repeats a write, nor a full query queue (503 with Retry-After)', async () => {
    await signInToApp('admin', 'admin');
    await expect(
      httpClient(`${lb.url('no-instance')}/api/v1/dashboards`, {
        method: 'POST',
        body: '{"name":"Twice?"}',
      }),
    ).rejects.toMatchObject({ status: 502 });
    expect(await lb.calls('POST', '/api/v1/dashboards')).toBe(1);

    await expect(
      httpClient(`${lb.url('dropped')}/api/v1/dashboards/${acme.dashboardId}`, {
        method: 'DELETE',
      }),
    ).rejects.toThrow();
    expect(await lb.calls('DELETE', `/api/v1/dashboards/${acme.dashboardId}`)).toBe(1);

    const engine = app.app.queryEngine;
    const usual = engine.settings.admission;
    engine.configure({ admission: { ...usual, runningPerTenant: 1, waitingPerTenant: 0 } });
    const running = new AbortController();
    const first = httpClient(apiUrl('/api/v1/sql'), { ...endless(10), signal: running.signal });
    void first.catch(() => null);
    await vi.waitUntil(() => engine.admission.running === 1);
    const full = (await httpClient(apiUrl('/api/v1/sql'), endless(11)).catch(
      (error: unknown) => error,
    )) as HttpError;
    running.abort();
    engine.configure({ admission: usual });
    expect(full.status).toBe(503);
    expect(full.message).toMatch(/queries waiting/);
    expect(received('/api/v1/sql')).toHaveLength(2);
  });

  it('answers the second failure as the error, after two tries only', async () => {
    await signInToApp();
    const path = `/api/v1/dashboards/${acme.dashboardId}`;
    const before = await lb.calls('GET', path);
    await expect(httpClient(`${lb.url('no-instance')}${path}`)).rejects.toMatchObject({
      status: 502,
    });
    expect((await lb.calls('GET', path)) - before).toBe(2);
    expect(received(path)).toHaveLength(0);
  });
});
