import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedRoute } from '../../../server/plugins/routeIndex';
import { BACKENDS, countRows, type ErrorBody } from '../authFixtures';
import { call, sessionTokenFor, type CallAnswer } from '../fixtures';
import { startServer, type TestServer } from '../harness';
import { inPool, problemWith, send, type Caller, type FuzzCase } from './fuzzClient';
import {
  BAD_BODIES,
  BAD_LIST_QUERIES,
  BAD_MULTIPARTS,
  BAD_PATH_VALUES,
  COMMON_FIELDS,
  withLongTexts,
  wrongValuesFor,
  type FuzzInput,
} from './fuzzInputs';

// Malformed requests to every route the server registers (its route index, so a route added
// later is fuzzed too), as each kind of caller: none may answer 5xx, every refusal is the
// JSON error shape without internals, and the server still serves afterwards.

const CONCURRENCY = 8;
/** A well-formed id no record has: write routes are fuzzed without touching real records. */
const ABSENT_ID = '999999';
/** Routes that end the session they are called with get a throwaway session each time. */
const SESSION_ENDING = new Set(['GET /api/v1/logout']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const paramsOf = (route: string) => [...route.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
const collectionOf = (route: string) => route.replace(/\/:\w+.*$/, '');
const fillRoute = (route: string, values: Record<string, string>) =>
  route.replace(/:(\w+)|\*/g, (_, name: string | undefined) => values[name ?? '*']);

interface RouteKnowledge {
  /** Parameter values that name a record the caller sees (else ABSENT_ID). */
  usualParams: Record<string, string>;
  /** A record the caller reads at this route's collection, the base of field fuzzing. */
  record: Record<string, unknown> | null;
}

async function getJson(server: TestServer, caller: Caller, path: string): Promise<unknown> {
  const headers: Record<string, string> = { site: caller.site };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  if (response.status !== 200) return null;
  return response.json().catch(() => null);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What `caller` reads at the route's collection: a real id and a record to mutate. */
async function learn(server: TestServer, caller: Caller, route: IndexedRoute) {
  const knowledge: RouteKnowledge = { usualParams: {}, record: null };
  const collection = collectionOf(route.url);
  const readable = !collection.includes('*') && !SESSION_ENDING.has(`GET ${collection}`);
  const list = readable ? await getJson(server, caller, collection) : null;
  const first = Array.isArray(list) && isRecord(list[0]) ? list[0] : isRecord(list) ? list : null;
  for (const name of paramsOf(route.url)) knowledge.usualParams[name] = name === '*' ? 'x' : '1';
  if (first && 'id' in first) knowledge.usualParams.id = String(first.id);
  knowledge.record = first;
  return knowledge;
}

function usualPath(route: IndexedRoute, knowledge: RouteKnowledge, useRealIds: boolean) {
  const values = { ...knowledge.usualParams };
  if (!useRealIds)
    for (const name of Object.keys(values)) if (name !== '*') values[name] = ABSENT_ID;
  return fillRoute(route.url, values);
}

const json = (label: string, body: unknown): FuzzInput => ({
  label,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

/** Each field of the record in turn given a value of the wrong type, or left out; long texts. */
function fieldInputs(record: Record<string, unknown> | null): FuzzInput[] {
  const base = record ?? COMMON_FIELDS;
  const inputs = Object.entries(base).flatMap(([field, value]) => {
    const rest = Object.fromEntries(Object.entries(base).filter(([name]) => name !== field));
    const wrong = wrongValuesFor(value).map((bad, i) =>
      json(`${field} wrong type #${i}`, record ? { ...base, [field]: bad } : { [field]: bad }),
    );
    return record ? [...wrong, json(`${field} missing`, rest)] : wrong;
  });
  return record ? [...inputs, json('long texts', withLongTexts(record))] : inputs;
}

function pathInputs(route: IndexedRoute, knowledge: RouteKnowledge): FuzzInput[] {
  const body = WRITE_METHODS.has(route.method) ? '{}' : undefined;
  return paramsOf(route.url).flatMap((name) =>
    BAD_PATH_VALUES.map((value) => ({
      label: `${name}=${value.slice(0, 30)}`,
      params: { ...knowledge.usualParams, [name]: value },
      body,
      contentType: body ? 'application/json' : undefined,
    })),
  );
}

const LIGHT_QUERY_LABELS = ['[1e308,1e308]', '{"q":"x"}', '{"q":{}}', '{"unknownField":1}'];
const LIGHT_BODY_LABELS = ['malformed JSON', 'JSON array', 'deeply nested', 'multipart truncated'];

const listQueryInputs = (queries: readonly string[]): FuzzInput[] =>
  queries.map((query) => ({ label: `?${query.slice(0, 80)}`, query }));

/**
 * The malformed inputs for this route: all of them (`thorough`, for the first caller the route
 * serves) or a sample, enough to show that what another caller reaches holds too.
 */
function inputsFor(route: IndexedRoute, knowledge: RouteKnowledge, thorough: boolean) {
  const inputs = pathInputs(route, knowledge).slice(0, thorough ? undefined : 2);
  if (route.method === 'GET' && paramsOf(route.url).length === 0) {
    const queries = thorough
      ? BAD_LIST_QUERIES
      : BAD_LIST_QUERIES.filter((query) =>
          LIGHT_QUERY_LABELS.some((label) => decodeURIComponent(query).endsWith(label)),
        );
    inputs.push(...listQueryInputs(queries));
  }
  if (WRITE_METHODS.has(route.method)) {
    const bodies = [...BAD_BODIES, ...BAD_MULTIPARTS];
    inputs.push(...(thorough ? bodies : bodies.filter((b) => LIGHT_BODY_LABELS.includes(b.label))));
    if (thorough && route.method !== 'DELETE') inputs.push(...fieldInputs(knowledge.record));
  }
  return inputs;
}

/** A caller the route refuses outright gets a few inputs, enough to show the refusal holds. */
function refusedInputs(route: IndexedRoute, knowledge: RouteKnowledge): FuzzInput[] {
  return [
    ...pathInputs(route, knowledge).slice(0, 1),
    ...listQueryInputs(BAD_LIST_QUERIES.slice(0, 1)),
    ...(WRITE_METHODS.has(route.method) ? [BAD_BODIES[0], BAD_MULTIPARTS[0]] : []),
  ];
}

describe.each(BACKENDS)('malformed requests to every route on %s', (backend) => {
  let server: TestServer;
  const callers: Caller[] = [];

  beforeAll(async () => {
    server = await startServer({ backend });
    // Most privileged first: the first caller a route serves gets every input.
    const signedIn = [
      ['acme', 'admin'],
      ['www', 'admin'],
      ['acme', 'editor'],
      ['acme', 'viewer'],
    ] as const;
    for (const [site, username] of signedIn) {
      const token = await sessionTokenFor(server.app, site, username);
      callers.push({ name: `${site}/${username}`, site, username, token });
    }
    callers.push({ name: 'anonymous', site: 'acme', username: null, token: null });
  });
  afterAll(async () => server?.close());
  const base = () => ({ base: server.baseUrl });

  /** The route's usual request as `caller`, and whether the caller is refused outright. */
  async function prepare(route: IndexedRoute, caller: Caller) {
    const knowledge = await learn(server, caller, route);
    const key = `${route.method} ${route.url}`;
    const freshToken =
      SESSION_ENDING.has(key) && caller.username
        ? () => sessionTokenFor(server.app, caller.site, caller.username!)
        : undefined;
    const useRealIds = route.method === 'GET' || route.method === 'PUT';
    const baseline: FuzzCase = {
      method: route.method,
      route: route.url,
      path: usualPath(route, knowledge, useRealIds),
      caller,
      input: WRITE_METHODS.has(route.method) ? json('baseline', {}) : { label: 'baseline' },
      freshToken,
    };
    const refused = [401, 403].includes((await send(server.baseUrl, baseline)).status);
    const toCase = (input: FuzzInput): FuzzCase => {
      const multipart = input.contentType?.startsWith('multipart/') ?? false;
      const path = input.params
        ? fillRoute(route.url, input.params)
        : usualPath(route, knowledge, useRealIds || multipart);
      return { ...baseline, path, input };
    };
    return { knowledge, refused, toCase };
  }

  /** Every input for the first caller the route serves; samples for the other callers. */
  async function casesFor(route: IndexedRoute): Promise<FuzzCase[]> {
    const cases: FuzzCase[] = [];
    let servedOnce = false;
    for (const caller of callers) {
      const { knowledge, refused, toCase } = await prepare(route, caller);
      const inputs = refused
        ? refusedInputs(route, knowledge)
        : inputsFor(route, knowledge, !servedOnce);
      servedOnce ||= !refused;
      cases.push(...inputs.map(toCase));
    }
    return cases;
  }

  it('answers no malformed request with a 5xx, nor with internals', async () => {
    const routes = server.app.routeIndex.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(100);
    const cases: FuzzCase[] = [];
    for (const route of routes) cases.push(...(await casesFor(route)));
    const problems: string[] = [];
    await inPool(cases, CONCURRENCY, async (fuzz) => {
      const problem = problemWith(await send(server.baseUrl, fuzz), fuzz.route);
      if (problem) {
        problems.push(
          `${fuzz.caller.name} ${fuzz.method} ${fuzz.route} [${fuzz.input.label}]: ${problem}`,
        );
      }
    });
    console.info(`fuzz: ${cases.length} requests over ${routes.length} routes`);
    expect(problems.sort()).toEqual([]);

    // Still serving, and every caller's session still works.
    for (const caller of callers.filter((c) => c.token)) {
      const me = await call(base(), 'GET', '/api/v1/me', {
        token: caller.token!,
        site: caller.site,
      });
      expect(me.status, caller.name).toBe(200);
      expect(me.json.username).toBe(caller.username);
    }
    const users = await call(base(), 'GET', '/api/v1/users?range=[0,9]', {
      token: callers[0].token!,
      site: 'acme',
    });
    expect(users.status).toBe(200);
    expect(users.json.length).toBeGreaterThan(0);
  }, 170_000);
});

// The causes the fuzz found, one by one, on each metadata store.
describe.each(BACKENDS)('list parameters, ids and multipart on %s', (backend) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string) => ({
    token: tokens[who],
    site: who.startsWith('www') ? 'www' : 'acme',
  });
  const list = (who: string, path: string, params: Record<string, unknown>) => {
    const query = Object.entries(params)
      .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
      .join('&');
    return call(base(), 'GET', `${path}?${query}`, as(who));
  };
  const base = () => ({ base: server.baseUrl });
  const namesOf = (answer: CallAnswer) =>
    (answer.json as { name?: string; title?: string }[]).map((row) => row.name ?? row.title);

  beforeAll(async () => {
    server = await startServer({ backend });
    for (const [site, username] of [
      ['acme', 'admin'],
      ['acme', 'editor'],
      ['acme', 'viewer'],
      ['www', 'admin'],
    ]) {
      tokens[`${site}/${username}`] = await sessionTokenFor(server.app, site, username);
    }
  });
  afterAll(async () => server?.close());

  it('answers a range that is not [start, end] of safe whole numbers with 400 naming range', async () => {
    const ranges = [
      [1e308, 1e308],
      [0, 1e308],
      [2 ** 53, 2 ** 53 + 1],
      [-1, 5],
      [5, 1],
      [0.5, 2],
      ['a'],
      {},
    ];
    for (const path of ['/api/v1/users', '/api/v1/surveys', '/api/v1/helpsections']) {
      for (const range of ranges) {
        const answer = await list('acme/admin', path, { range });
        expect(answer.status, `${path} ${JSON.stringify(range)}`).toBe(400);
        expect(answer.json).toMatchObject({ statusCode: 400, field: 'range' });
        expect(answer.json.message).toMatch(/^range /);
      }
    }
    const tooWide = await list('acme/admin', '/api/v1/users', { range: [0, 1000] });
    expect(tooWide.json).toMatchObject({ statusCode: 400, field: 'range' });
    expect((await list('acme/admin', '/api/v1/users', { range: [0, 999] })).status).toBe(200);
    // Far past the last row, yet a safe integer: an empty page with the real total.
    const farAway = await list('acme/admin', '/api/v1/users', {
      range: [Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER],
    });
    expect(farAway.status).toBe(200);
    expect(farAway.json).toEqual([]);
    expect(farAway.headers.get('content-range')).toMatch(/^users \*\/[1-9]\d*$/);
  });

  it('answers a malformed sort or filter with 400 naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: ['nope', 'ASC'] }, 'sort'],
      [{ sort: ['id', 'SIDEWAYS'] }, 'sort'],
      [{ filter: { q: {} } }, 'filter'],
      [{ filter: { q: ['x'] } }, 'filter'],
      [{ filter: { unknownField: 1 } }, 'filter'],
      [{ filter: { id: { a: 1 } } }, 'filter'],
    ];
    for (const [params, field] of cases) {
      const answer = await list('acme/editor', '/api/v1/surveys', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.json).toMatchObject({ statusCode: 400, field });
    }
  });

  it('answers a filter value that does not fit its column with 400, and takes one that does', async () => {
    const refused: [string, unknown][] = [
      ['/api/v1/users', { id: 'x' }],
      ['/api/v1/users', { id: [1, 1e308] }],
      ['/api/v1/users', { id: -1 }],
      ['/api/v1/users', { active: 'yes' }],
      ['/api/v1/users', { role: { a: 1 } }],
      ['/api/v1/users', { q: 'a\u0000b' }],
      ['/api/v1/auditLogs', { accountId: '1e3' }],
    ];
    for (const [path, filter] of refused) {
      const answer = await list('acme/admin', path, { filter });
      expect(answer.status, JSON.stringify(filter)).toBe(400);
      expect(answer.json).toMatchObject({ statusCode: 400, field: 'filter' });
    }
    const admins = await list('acme/admin', '/api/v1/users', {
      filter: { role: 'admin', active: true, id: ['1', 2, 3, 4, 5, 6, 7, 8] },
    });
    expect(admins.status).toBe(200);
    expect(admins.json.map((user: { username: string }) => user.username)).toContain('admin');
    // recordId is text: an id written as any text is a fine (empty) filter.
    const records = await list('acme/admin', '/api/v1/auditLogs', { filter: { recordId: 'x' } });
    expect(records.status).toBe(200);
  });

  it('answers text with a NUL character in a path, query or body with 400', async () => {
    for (const path of [
      '/api/v1/public/info/a%00b',
      '/api/v1/public/messages/%00',
      '/api/v1/help?q=%00',
    ]) {
      const answer = await call(base(), 'GET', path, as('acme/viewer'));
      expect(answer.status, path).toBe(400);
      expect(answer.json.message).toMatch(/NUL character/);
    }
    const before = await list('acme/editor', '/api/v1/surveys', {});
    const created = await call(base(), 'POST', '/api/v1/surveys', {
      ...as('acme/editor'),
      body: { name: 'Nul\u0000survey', questions: [] },
    });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject({ field: 'name' });
    // A backslash before "u0000" is text, not a NUL.
    const escaped = await call(base(), 'POST', '/api/v1/surveys', {
      ...as('acme/editor'),
      body: { name: 'Backslash \\u0000 survey', questions: [] },
    });
    expect(escaped.status).toBe(200);
    expect(escaped.json.name).toBe('Backslash \\u0000 survey');
    const after = await list('acme/editor', '/api/v1/surveys', {});
    expect(after.json.length).toBe(before.json.length + 1);
  });

  it('searches surveys by a word of their name or description', async () => {
    const surveys = [
      { name: 'Onboarding feedback', description: 'How the first week went' },
      { name: 'Canteen', description: 'Lunch quality, week by week' },
      { name: 'Parking', description: 'Spaces and the gate' },
    ];
    for (const survey of surveys) {
      const created = await call(base(), 'POST', '/api/v1/surveys', {
        ...as('acme/editor'),
        body: { ...survey, questions: [] },
      });
      expect(created.status).toBe(200);
    }
    const search = (q: string) =>
      list('acme/editor', '/api/v1/surveys', { filter: { q }, sort: ['name', 'ASC'] });
    expect(namesOf(await search('ONBOARDING'))).toEqual(['Onboarding feedback']);
    const byDescription = await search('week');
    expect(namesOf(byDescription)).toEqual(['Canteen', 'Onboarding feedback']);
    expect(byDescription.headers.get('content-range')).toBe('surveys 0-1/2');
    expect(namesOf(await search('100%'))).toEqual([]);
    // Drafts are the editors' own: a viewer's search finds none of them.
    expect(
      namesOf(await list('acme/viewer', '/api/v1/surveys', { filter: { q: 'week' } })),
    ).toEqual([]);
  });

  it('searches help sections by a word of their title or body, drafts for the platform admin only', async () => {
    const sections = [
      { title: 'Zebra stripes', body: 'About **quokka** colours.', published: true },
      { title: 'Quokka drafts', body: 'Not out yet.', published: false },
      { title: 'Otters', body: 'Rivers and streams.', published: true },
    ];
    for (const section of sections) {
      const created = await call(base(), 'POST', '/api/v1/helpsections', {
        ...as('www/admin'),
        body: { ...section, sortOrder: 1, sections: [] },
      });
      expect(created.status).toBe(200);
    }
    const search = (who: string, q: string) =>
      list(who, '/api/v1/helpsections', { filter: { q }, sort: ['title', 'ASC'] });
    expect(namesOf(await search('www/admin', 'QUOKKA'))).toEqual([
      'Quokka drafts',
      'Zebra stripes',
    ]);
    expect(namesOf(await search('www/admin', 'streams'))).toEqual(['Otters']);
    expect(namesOf(await search('acme/viewer', 'quokka'))).toEqual(['Zebra stripes']);
  });

  it('answers a malformed multipart form with 400 and changes nothing', async () => {
    const profiles = await call(base(), 'GET', '/api/v1/companyProfiles', as('acme/admin'));
    const profile = profiles.json[0] as { id: number; name: string };
    const before = await countRows(server, 'company_profiles');
    const forms = BAD_MULTIPARTS.filter((form) =>
      [
        'multipart truncated field',
        'multipart wrong boundary',
        'multipart missing boundary',
        'multipart boundary too long',
        'multipart garbage',
      ].includes(form.label),
    );
    expect(forms).toHaveLength(5);
    const targets = [
      ['acme/admin', 'PUT', `/api/v1/companyProfiles/${profile.id}`],
      ['www/admin', 'POST', '/api/v1/companyProfiles'],
    ];
    for (const [who, method, path] of targets) {
      for (const form of forms) {
        const answer = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${as(who).token}`,
            site: as(who).site,
            'content-type': form.contentType!,
          },
          body: form.body,
        });
        const body = (await answer.json()) as ErrorBody;
        expect(answer.status, `${method} ${path} ${form.label}`).toBe(400);
        expect(body.message).toMatch(/multipart\/form-data/);
      }
    }
    const withNul = new FormData();
    withNul.set('name', 'Acme\u0000Widgets');
    const nul = await call(base(), 'PUT', `/api/v1/companyProfiles/${profile.id}`, {
      ...as('acme/admin'),
      body: withNul,
    });
    expect(nul.status).toBe(400);
    expect(nul.json).toMatchObject({ field: 'name' });
    const after = await call(
      base(),
      'GET',
      `/api/v1/companyProfiles/${profile.id}`,
      as('acme/admin'),
    );
    expect(after.json.name).toBe(profile.name);
    expect(await countRows(server, 'company_profiles')).toBe(before);
  });

  it('answers a malformed multipart upload with 400', async () => {
    const sources = await call(base(), 'GET', '/api/v1/datasources', as('acme/editor'));
    const warehouse = (sources.json as { id: number; type: string }[]).find(
      (s) => s.type === 'duckdb',
    );
    expect(warehouse).toBeDefined();
    for (const form of BAD_MULTIPARTS.slice(0, 3)) {
      const answer = await fetch(`${server.baseUrl}/api/v1/datasources/${warehouse!.id}/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens['acme/editor']}`,
          site: 'acme',
          'content-type': form.contentType!,
        },
        body: form.body,
      });
      expect(answer.status, form.label).toBe(400);
    }
  });

  it('answers ids that are not ids with 400, and records of another account with 404', async () => {
    for (const bad of ['abc', '-1', '0', '1e3', '0x10', '9007199254740993', '1.0']) {
      const answer = await call(base(), 'GET', `/api/v1/users/${bad}`, as('acme/admin'));
      expect(answer.status, bad).toBe(400);
      expect(answer.json).toMatchObject({ statusCode: 400, field: 'id' });
    }
    const platformAdmin = await server.app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select('users.id')
      .where('accounts.site', '=', 'www')
      .executeTakeFirstOrThrow();
    const foreign = await call(
      base(),
      'GET',
      `/api/v1/users/${platformAdmin.id}`,
      as('acme/admin'),
    );
    expect(foreign.status).toBe(404);
  });

  it('finds a public message by its id written in digits only', async () => {
    const created = await call(base(), 'POST', '/api/v1/messages', {
      ...as('www/admin'),
      body: { type: 'news', title: 'Hello', body: 'World', published: true },
    });
    expect(created.status).toBe(200);
    const id = created.json.id as number;
    const at = (raw: string) => call(base(), 'GET', `/api/v1/public/messages/news/${raw}`, {});
    expect((await at(String(id))).json).toMatchObject({ title: 'Hello' });
    for (const alias of [`0x${id.toString(16)}`, `${id}.0`, `${id}e0`, `+${id}`]) {
      expect((await at(encodeURIComponent(alias))).status, alias).toBe(404);
    }
  });
});
