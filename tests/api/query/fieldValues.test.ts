import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSources, type DialectSource, type OrderSources } from '../queryFixtures';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';

// Distinct values (a dimension-only query), the values a dashboard values filter offers with
// the viewer's search, and a count measure without a field: on every dialect over the same
// known `orders` rows (North ×2, South ×2, East, Far_50% East, West, one null region).

let server: QueryTestServer;
let data: OrderSources;
let token: string;
let otherToken: string;

beforeAll(async () => {
  server = await startQueryServer();
  const accountId = await server.addAccount('acme', { viewer: 'viewer' });
  await server.addAccount('globex', { viewer: 'viewer' });
  data = await orderSources(server, accountId);
  token = await server.sessionFor('acme', 'viewer');
  otherToken = await server.sessionFor('globex', 'viewer');
});

afterAll(async () => {
  await server?.close();
  await data?.drop();
});

const asViewer = (path: string, body: unknown) => post(server, path, body, { token, site: 'acme' });

function valuesOf(source: DialectSource, field: string, search?: string) {
  return asViewer('/api/v1/query/values', { datasetId: source.tableDataset, field, search });
}

function eachDialect(run: (source: DialectSource) => Promise<void>) {
  return async () => {
    expect(data.sources.map((source) => source.dialect)).toEqual(
      expect.arrayContaining(['duckdb', 'sqlite']),
    );
    for (const source of data.sources) await run(source);
  };
}

describe('distinct values and values filters on every dialect', () => {
  it(
    'answers a dimension-only query with each value once, the most frequent first',
    eachDialect(async (source) => {
      const query = { datasetId: source.tableDataset, dimensions: [{ field: 'region' }] };
      const answer = await asViewer('/api/v1/query', { query });
      expect({ dialect: source.dialect, rows: answer.json.rows }).toEqual({
        dialect: source.dialect,
        rows: [['North'], ['South'], ['East'], ['Far_50% East'], ['West'], [null]],
      });
    }),
  );

  it(
    'counts rows for a count measure without a field',
    eachDialect(async (source) => {
      const query = {
        datasetId: source.tableDataset,
        dimensions: [{ field: 'region' }],
        measures: [{ agg: 'count' }],
        sort: [
          { key: 'count', dir: 'desc' },
          { key: 'region', dir: 'asc' },
        ],
        limit: 2,
      };
      const answer = await asViewer('/api/v1/query', { query });
      expect({ dialect: source.dialect, status: answer.status }).toEqual({
        dialect: source.dialect,
        status: 200,
      });
      expect(answer.json.columns).toEqual([
        { name: 'region', type: 'string' },
        { name: 'count', type: 'number' },
      ]);
      expect(answer.json.rows).toEqual([
        ['North', 2],
        ['South', 2],
      ]);
      const total = await asViewer('/api/v1/query', {
        query: { datasetId: source.tableDataset, measures: [{ agg: 'count' }] },
      });
      expect(total.json.rows).toEqual([[8]]);
    }),
  );

  it(
    'lists a field’s values once each and keeps those containing the search, ignoring case',
    eachDialect(async (source) => {
      const all = await valuesOf(source, 'region');
      expect({ dialect: source.dialect, values: all.json.values }).toEqual({
        dialect: source.dialect,
        values: ['North', 'South', 'East', 'Far_50% East', 'West'],
      });
      expect((await valuesOf(source, 'region', 'NORTH')).json.values).toEqual(['North']);
      expect((await valuesOf(source, 'region', 'east')).json.values).toEqual([
        'East',
        'Far_50% East',
      ]);
      // LIKE wildcards in the search are plain characters.
      expect((await valuesOf(source, 'region', '_50%')).json.values).toEqual(['Far_50% East']);
      expect((await valuesOf(source, 'region', '%')).json.values).toEqual(['Far_50% East']);
      expect((await valuesOf(source, 'region', 'ord')).json.values).toEqual([]);
      // Numbers are searched as they read.
      expect((await valuesOf(source, 'amount', '.25')).json.values.sort()).toEqual([
        '20.25',
        '3.25',
      ]);
    }),
  );
});

describe('POST /api/v1/query/values refuses what it cannot answer', () => {
  it('names an unknown field, a missing dataset, an overlong search; another tenant gets 404', async () => {
    const source = data.sources[0];
    const unknown = await valuesOf(source, 'nope');
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('unknown field "nope"');
    const missing = await asViewer('/api/v1/query/values', { field: 'region' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.json)).toContain('datasetId');
    const long = await valuesOf(source, 'region', 'x'.repeat(201));
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain('search');
    const extra = await asViewer('/api/v1/query/values', {
      datasetId: source.tableDataset,
      field: 'region',
      sql: 'drop table orders',
    });
    expect(extra.status).toBe(400);
    const otherTenant = await post(
      server,
      '/api/v1/query/values',
      { datasetId: source.tableDataset, field: 'region' },
      { token: otherToken, site: 'globex' },
    );
    expect(otherTenant.status).toBe(404);
    const anonymous = await post(
      server,
      '/api/v1/query/values',
      { datasetId: source.tableDataset, field: 'region' },
      { token: '', site: 'acme' },
    );
    expect(anonymous.status).toBe(401);
  });
});
