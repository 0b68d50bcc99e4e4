import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../authFixtures';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// Scopes of personal API tokens: a 'read' token makes GET/HEAD calls and the POSTs that only
// read (chart queries, questions); 'read-write' (the default, and what tokens made before
// scopes existed keep) everything its user may do. The tokens list and revocation are
// personal: an admin sees and revokes only their own tokens.

describe.each(BACKENDS)('API token scopes on %s', (backend) => {
  let server: PlatformServer;
  let acmeAdmin: string;
  let secondAdmin: string;

  beforeAll(async () => {
    server = await startPlatformServer(backend);
    await server.addAccount('acme', { second: 'admin' });
    acmeAdmin = await server.sessionFor('acme', 'admin');
    secondAdmin = await server.sessionFor('acme', 'second');
  });
  afterAll(() => server?.close());

  const acme = (token: string) => ({ token, site: 'acme' });
  const createToken = async (session: string, body: Record<string, unknown>) => {
    const answer = await call(server, 'POST', '/api/v1/tokens', { ...acme(session), body });
    expect(answer.status).toBe(200);
    return answer.json as { id: number; token: string; scope: string };
  };

  it('creates read-write tokens by default and answers the scope everywhere', async () => {
    const created = await createToken(acmeAdmin, { label: 'Default scope' });
    expect(created.scope).toBe('read-write');
    const reader = await createToken(acmeAdmin, { label: 'Reader', scope: 'read' });
    expect(reader.scope).toBe('read');
    const one = await call(server, 'GET', `/api/v1/tokens/${reader.id}`, acme(acmeAdmin));
    expect(one.json).toMatchObject({ id: reader.id, label: 'Reader', scope: 'read' });
    const list = await call(
      server,
      'GET',
      `/api/v1/tokens?filter=${encodeURIComponent('{"scope":"read"}')}`,
      acme(acmeAdmin),
    );
    expect(list.status).toBe(200);
    expect(list.json.map((token: { id: number }) => token.id)).toEqual([reader.id]);
    const stored = await server.app.db
      .selectFrom('sessions')
      .select('scope')
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(stored.scope).toBe('read');
  });

  it('lets a read token read but refuses every other method with 403', async () => {
    const { token } = await createToken(acmeAdmin, { label: 'Read only', scope: 'read' });
    expect((await call(server, 'GET', '/api/v1/users', acme(token))).status).toBe(200);
    expect((await call(server, 'HEAD', '/api/v1/users', acme(token))).status).toBe(200);
    const usersBefore = await call(server, 'GET', '/api/v1/users', acme(acmeAdmin));

    const writes: [string, string, unknown][] = [
      ['POST', '/api/v1/tokens', { label: 'escalate', scope: 'read-write' }],
      ['POST', '/api/v1/users', { username: 'intruder', fullName: 'I', email: 'i@x.example' }],
      ['PUT', '/api/v1/users/1', { fullName: 'Renamed' }],
      ['DELETE', '/api/v1/tokens/1', undefined],
      ['POST', '/api/v1/dashboards', { title: 'x' }],
    ];
    for (const [method, path, body] of writes) {
      const answer = await call(server, method, path, { ...acme(token), body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.message).toBe('This token may only read.');
    }
    const usersAfter = await call(server, 'GET', '/api/v1/users', acme(acmeAdmin));
    expect(usersAfter.json).toEqual(usersBefore.json);
    const own = await call(server, 'GET', '/api/v1/tokens', acme(acmeAdmin));
    expect(own.json.map((t: { label: string }) => t.label)).not.toContain('escalate');
  });

  it('lets a read token ask the POST calls that only read: chart queries and questions', async () => {
    const { token } = await createToken(acmeAdmin, { label: 'Chart reader', scope: 'read' });
    const reads: [string, unknown][] = [
      [
        '/api/v1/query',
        { query: { datasetId: 987654, dimensions: [], measures: [{ field: '*', agg: 'count' }] } },
      ],
      ['/api/v1/aicharts/ask', { datasetId: 987654, question: 'how many rows' }],
    ];
    for (const [path, body] of reads) {
      const answer = await call(server, 'POST', path, { ...acme(token), body });
      // Past the scope check, the route itself answers: this account has no such dataset.
      expect(answer.status, path).toBe(404);
      expect(answer.json.message, path).toMatch(/dataset/i);
    }
  });

  it('lets a read-write token write', async () => {
    const { token } = await createToken(acmeAdmin, { label: 'Writer', scope: 'read-write' });
    const made = await createToken(token, { label: 'Made by a token' });
    expect(made.scope).toBe('read-write');
  });

  it('gives rows written without a scope (older tokens, sign-in sessions) read-write', async () => {
    const column = await server.app.db
      .selectFrom('sessions')
      .select('scope')
      .where('kind', '=', 'session')
      .executeTakeFirstOrThrow();
    expect(column.scope).toBe('read-write');
  });

  it('shows and revokes only the signed-in user’s own tokens', async () => {
    const mine = await createToken(acmeAdmin, { label: 'Mine' });
    const theirs = await createToken(secondAdmin, { label: 'Theirs' });
    const myList = await call(server, 'GET', '/api/v1/tokens', acme(acmeAdmin));
    const myIds = myList.json.map((token: { id: number }) => token.id);
    expect(myIds).toContain(mine.id);
    expect(myIds).not.toContain(theirs.id);
    const theirList = await call(server, 'GET', '/api/v1/tokens', acme(secondAdmin));
    expect(theirList.json.map((token: { id: number }) => token.id)).toEqual([theirs.id]);

    const foreign = `/api/v1/tokens/${theirs.id}`;
    expect((await call(server, 'GET', foreign, acme(acmeAdmin))).status).toBe(404);
    expect((await call(server, 'DELETE', foreign, acme(acmeAdmin))).status).toBe(404);
    expect((await call(server, 'GET', '/api/v1/tokens', acme(theirs.token))).status).toBe(200);
  });

  it('rejects an unknown scope', async () => {
    const answer = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(acmeAdmin),
      body: { label: 'x', scope: 'admin' },
    });
    expect(answer.status).toBe(400);
  });
});
