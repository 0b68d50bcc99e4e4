import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSources, type DialectSource, type OrderSources } from '../queryFixtures';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';

// POST /query and POST /sql: who may call them, tenant isolation, and bad input answered
// with a 4xx naming what is wrong.

let server: QueryTestServer;
let data: OrderSources;
let duckdb: DialectSource;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startQueryServer();
  await server.addAccount('www', { root: 'platform-admin' });
  const acme = await server.addAccount('acme', {
    admin: 'admin',
    editor: 'editor',
    viewer: 'viewer',
  });
  await server.addAccount('other', { editor: 'editor' });
  data = await orderSources(server, acme);
  duckdb = data.sources.find((source) => source.dialect === 'duckdb')!;
  tokens.root = await server.sessionFor('www', 'root');
  for (const user of ['admin', 'editor', 'viewer']) {
    tokens[user] = await server.sessionFor('acme', user);
  }
  tokens.other = await server.sessionFor('other', 'editor');
});

afterAll(async () => {
  await server?.close();
  await data?.drop();
});

const countQuery = () => ({
  datasetId: duckdb.tableDataset,
  dimensions: [{ field: 'region' }],
  measures: [{ field: '*', agg: 'count' }],
  filters: [],
  sort: [],
});

async function raw(path: string, body: string, token?: string, site = 'acme') {
  const headers: Record<string, string> = { 'content-type': 'application/json', site };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.base}${path}`, { method: 'POST', headers, body });
  return { status: response.status, json: await response.json() };
}

describe('POST /api/v1/query', () => {
  it('answers every user of the tenant: viewer, editor, admin', async () => {
    for (const user of ['viewer', 'editor', 'admin']) {
      const answer = await post(
        server,
        '/api/v1/query',
        { query: countQuery() },
        {
          token: tokens[user],
          site: 'acme',
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.json.rows).toContainEqual(['North', 2]);
    }
  });

  it('refuses without a token (401), with a token of another site (403), for the platform admin (403)', async () => {
    const body = JSON.stringify({ query: countQuery() });
    expect((await raw('/api/v1/query', body)).status).toBe(401);
    expect((await raw('/api/v1/query', body, tokens.editor, 'other')).status).toBe(403);
    expect((await raw('/api/v1/query', body, tokens.root, 'www')).status).toBe(403);
  });

  it("answers 404 for another account's dataset", async () => {
    const answer = await post(
      server,
      '/api/v1/query',
      { query: countQuery() },
      {
        token: tokens.other,
        site: 'other',
      },
    );
    expect(answer.status).toBe(404);
    expect(answer.json.message).toBe('Dataset not found.');
  });

  const bad: Array<[string, () => string, string]> = [
    ['malformed JSON', () => '{"query": ', 'not valid JSON'],
    ['no query', () => '{}', 'query'],
    [
      'an unknown top-level field',
      () => JSON.stringify({ query: countQuery(), sql: 'x' }),
      'Unknown field: sql',
    ],
    [
      'an unknown field inside a dimension',
      () =>
        JSON.stringify({ query: { ...countQuery(), dimensions: [{ field: 'region', size: 3 }] } }),
      'Unknown field: size',
    ],
    [
      'a dataset id of the wrong type',
      () => JSON.stringify({ query: { ...countQuery(), datasetId: 'one' } }),
      'query.datasetId',
    ],
    [
      'an unknown aggregation',
      () =>
        JSON.stringify({
          query: { ...countQuery(), measures: [{ field: 'amount', agg: 'total' }] },
        }),
      'query.measures.0.agg',
    ],
    [
      'a field the dataset does not have',
      () => JSON.stringify({ query: { ...countQuery(), dimensions: [{ field: 'price' }] } }),
      'unknown field "price"',
    ],
    [
      'a limit above the maximum',
      () => JSON.stringify({ query: { ...countQuery(), limit: 1_000_000 } }),
      'limit',
    ],
  ];
  for (const [name, body, message] of bad) {
    it(`answers 400 for ${name}`, async () => {
      const answer = await raw('/api/v1/query', body(), tokens.editor);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain(message);
    });
  }
});

describe('POST /api/v1/sql', () => {
  const runSql = (body: object, user = 'editor', site = 'acme') =>
    post(server, '/api/v1/sql', body, { token: tokens[user], site });

  it('runs explorer SQL for editors and admins, never from the cache', async () => {
    for (const user of ['editor', 'admin']) {
      const answer = await runSql(
        { sourceId: duckdb.sourceId, sql: "select 1 as one, 'a' as two" },
        user,
      );
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        rows: [[1, 'a']],
        rowCount: 1,
        truncated: false,
        cached: false,
        sql: "select 1 as one, 'a' as two",
      });
      expect(answer.json.columns.map((column: { name: string }) => column.name)).toEqual([
        'one',
        'two',
      ]);
    }
  });

  it('cuts the answer at the limit and says so', async () => {
    const answer = await runSql({
      sourceId: duckdb.sourceId,
      sql: 'select * from orders order by id',
      limit: 3,
    });
    expect(answer.json).toMatchObject({ rowCount: 3, truncated: true });
    expect(answer.json.rows.map((row: unknown[]) => row[0])).toEqual([1, 2, 3]);
  });

  it('refuses viewers (403) and answers 404 for a source of another account', async () => {
    expect((await runSql({ sourceId: duckdb.sourceId, sql: 'select 1' }, 'viewer')).status).toBe(
      403,
    );
    const foreign = await runSql({ sourceId: duckdb.sourceId, sql: 'select 1' }, 'other', 'other');
    expect(foreign.status).toBe(404);
  });

  it('answers a syntax error with the line it points to', async () => {
    const answer = await runSql({ sourceId: duckdb.sourceId, sql: 'select 1,\nfrom from orders' });
    expect(answer.status).toBe(400);
    expect(answer.json.line).toBe(2);
    expect(answer.json.message).toMatch(/syntax/i);
  });

  it('refuses a second statement and writes', async () => {
    for (const sql of ['select 1; select 2', 'delete from orders', 'create table x as select 1']) {
      const answer = await runSql({ sourceId: duckdb.sourceId, sql });
      expect({ sql, status: answer.status }).toEqual({ sql, status: 400 });
    }
    const still = await runSql({
      sourceId: duckdb.sourceId,
      sql: 'select count(*) as n from orders',
    });
    expect(still.json.rows).toEqual([[8]]);
  });

  const bad: Array<[string, object, string]> = [
    ['empty SQL', { sourceId: 1, sql: '   ' }, 'Write a SQL query'],
    ['no source', { sql: 'select 1' }, 'sourceId'],
    ['an unknown field', { sourceId: 1, sql: 'select 1', dialect: 'x' }, 'Unknown field: dialect'],
    ['a limit of 0', { sourceId: 1, sql: 'select 1', limit: 0 }, 'limit'],
  ];
  for (const [name, body, message] of bad) {
    it(`answers 400 for ${name}`, async () => {
      const answer = await runSql(body);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain(message);
    });
  }
});
