import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelativeDate, SemanticQuery } from '../../../common/analytics';
import { orderSources, type DialectSource, type OrderSources } from '../queryFixtures';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';

// The same SemanticQuery cases on every dialect (DuckDB, SQLite, PostgreSQL, MariaDB,
// ClickHouse) over the same known rows: every dialect must answer exactly the expected rows and
// column types.

let server: QueryTestServer;
let data: OrderSources;
let token: string;
let accountId: number;

beforeAll(async () => {
  server = await startQueryServer();
  accountId = await server.addAccount('acme', { editor: 'editor' });
  data = await orderSources(server, accountId);
  token = await server.sessionFor('acme', 'editor');
});

afterAll(async () => {
  await server?.close();
  await data?.drop();
});

type Parts = Omit<Partial<SemanticQuery>, 'datasetId'>;

async function runOn(source: DialectSource, parts: Parts, dataset = source.tableDataset) {
  const query = {
    dimensions: [],
    measures: [],
    filters: [],
    sort: [],
    ...parts,
    datasetId: dataset,
  };
  return post(server, '/api/v1/query', { query }, { token, site: 'acme' });
}

/** Runs the query on every dialect and checks each answers `rows` exactly. */
async function expectEverywhere(parts: Parts, rows: unknown[][], dataset?: 'sql') {
  expect(data.sources.map((source) => source.dialect)).toEqual(
    expect.arrayContaining(['duckdb', 'sqlite', 'clickhouse']),
  );
  for (const source of data.sources) {
    const answer = await runOn(source, parts, dataset ? source.sqlDataset : source.tableDataset);
    expect({ dialect: source.dialect, status: answer.status, body: answer.json }).toMatchObject({
      dialect: source.dialect,
      status: 200,
    });
    expect({ dialect: source.dialect, rows: answer.json.rows }).toEqual({
      dialect: source.dialect,
      rows,
    });
  }
}

const COUNT = { field: '*', agg: 'count' as const };

describe('the same semantic queries on every dialect', () => {
  it('counts by a text dimension, nulls last, with typed columns', async () => {
    await expectEverywhere({ dimensions: [{ field: 'region' }], measures: [COUNT] }, [
      ['East', 1],
      ['Far_50% East', 1],
      ['North', 2],
      ['South', 2],
      ['West', 1],
      [null, 1],
    ]);
    for (const source of data.sources) {
      const answer = await runOn(source, { dimensions: [{ field: 'region' }], measures: [COUNT] });
      expect(answer.json.columns).toEqual([
        { name: 'region', type: 'string' },
        { name: 'count', type: 'number' },
      ]);
      // The same query a second time comes from the cache.
      expect(answer.json).toMatchObject({ rowCount: 6, truncated: false, cached: true });
      expect(typeof answer.json.sql).toBe('string');
    }
  });

  const grains: Array<[string, unknown[][]]> = [
    [
      'day',
      [
        ['2023-12-31', 1],
        ['2024-01-01', 1],
        ['2024-01-07', 1],
        ['2024-01-08', 1],
        ['2024-02-29', 1],
        ['2024-03-31', 1],
        ['2024-04-01', 1],
        [null, 1],
      ],
    ],
    [
      'week',
      [
        ['2023-12-25', 1],
        ['2024-01-01', 2],
        ['2024-01-08', 1],
        ['2024-02-26', 1],
        ['2024-03-25', 1],
        ['2024-04-01', 1],
        [null, 1],
      ],
    ],
    [
      'month',
      [
        ['2023-12-01', 1],
        ['2024-01-01', 3],
        ['2024-02-01', 1],
        ['2024-03-01', 1],
        ['2024-04-01', 1],
        [null, 1],
      ],
    ],
    [
      'quarter',
      [
        ['2023-10-01', 1],
        ['2024-01-01', 5],
        ['2024-04-01', 1],
        [null, 1],
      ],
    ],
    [
      'year',
      [
        ['2023-01-01', 1],
        ['2024-01-01', 6],
        [null, 1],
      ],
    ],
  ];
  for (const [grain, rows] of grains) {
    it(`truncates dates to the ${grain} (weeks start on Monday)`, async () => {
      await expectEverywhere(
        { dimensions: [{ field: 'order_date', grain: grain as 'day' }], measures: [COUNT] },
        rows,
      );
    });
  }

  it('bins numbers', async () => {
    await expectEverywhere({ dimensions: [{ field: 'amount', bin: 10 }], measures: [COUNT] }, [
      [0, 3],
      [10, 2],
      [20, 1],
      [40, 1],
      [100, 1],
    ]);
  });

  it('computes every portable aggregation', async () => {
    await expectEverywhere(
      {
        measures: [
          COUNT,
          { field: 'region', agg: 'count' },
          { field: 'region', agg: 'count_distinct' },
          { field: 'amount', agg: 'sum' },
          { field: 'amount', agg: 'avg' },
          { field: 'amount', agg: 'min' },
          { field: 'amount', agg: 'max' },
          { field: 'quantity', agg: 'sum' },
          { field: 'order_date', agg: 'min' },
        ],
      },
      [[8, 7, 5, 199.25, 24.90625, 3.25, 100, 18, '2023-12-31T10:00:00.000Z']],
    );
  });

  it('computes the median where the dialect has one and refuses it clearly elsewhere', async () => {
    for (const source of data.sources) {
      const answer = await runOn(source, { measures: [{ field: 'amount', agg: 'median' }] });
      if (['duckdb', 'postgres', 'clickhouse'].includes(source.dialect)) {
        expect(answer.json.rows).toEqual([[11.625]]);
      } else {
        expect(answer.status).toBe(400);
        expect(answer.json.message).toContain('Median is not available');
      }
    }
  });

  it('groups by two dimensions', async () => {
    await expectEverywhere(
      {
        dimensions: [{ field: 'paid' }, { field: 'order_date', grain: 'year' }],
        measures: [COUNT],
      },
      [
        [false, '2023-01-01', 1],
        [false, '2024-01-01', 2],
        [true, '2024-01-01', 4],
        [null, null, 1],
      ],
    );
  });

  const filters: Array<[string, SemanticQuery['filters'][number], number]> = [
    ['=', { field: 'region', op: '=', value: 'North' }, 2],
    ['!=', { field: 'region', op: '!=', value: 'North' }, 5],
    ['in', { field: 'region', op: 'in', value: ['North', 'West'] }, 3],
    ['not in', { field: 'quantity', op: 'not in', value: [1, 2] }, 3],
    ['<', { field: 'amount', op: '<', value: 10 }, 3],
    ['<= a date (its whole day)', { field: 'order_date', op: '<=', value: '2024-01-07' }, 3],
    ['<= a midnight', { field: 'order_date', op: '<=', value: '2024-01-07T00:00:00' }, 2],
    ['> a date (after its whole day)', { field: 'order_date', op: '>', value: '2024-01-07' }, 4],
    ['> a number', { field: 'amount', op: '>', value: 20.25 }, 2],
    ['>= a timestamp', { field: 'order_date', op: '>=', value: '2024-03-31T18:45:00Z' }, 2],
    [
      'between dates (the last one whole)',
      { field: 'order_date', op: 'between', value: ['2024-01-01', '2024-02-29'] },
      4,
    ],
    ['between numbers', { field: 'amount', op: 'between', value: [5, 12.75] }, 4],
    ['contains (any case)', { field: 'region', op: 'contains', value: 'OR' }, 2],
    ['contains a literal %', { field: 'region', op: 'contains', value: '50%' }, 1],
    ['contains a literal _', { field: 'region', op: 'contains', value: '_' }, 1],
    ['starts with', { field: 'region', op: 'starts with', value: 'so' }, 2],
    ['is null', { field: 'region', op: 'is null' }, 1],
    ['is not null', { field: 'order_date', op: 'is not null' }, 7],
    ['= true', { field: 'paid', op: '=', value: true }, 4],
    ['!= true', { field: 'paid', op: '!=', value: true }, 3],
  ];
  for (const [name, filter, count] of filters) {
    it(`filters with ${name}`, async () => {
      await expectEverywhere({ measures: [COUNT], filters: [filter] }, [[count]]);
    });
  }

  it('turns relative dates into ranges from the given now', async () => {
    const now = new Date('2024-04-15T12:00:00Z');
    const cases: Array<[RelativeDate, number]> = [
      [{ kind: 'last', count: 30, unit: 'day' }, 2],
      [{ kind: 'this', unit: 'quarter' }, 1],
      [{ kind: 'previous', unit: 'month' }, 1],
      [{ kind: 'this', unit: 'year' }, 6],
      [{ kind: 'previous', unit: 'year' }, 1],
      [{ kind: 'previous', unit: 'week' }, 0],
    ];
    const engine = server.app.queryEngine;
    for (const source of data.sources) {
      for (const [value, count] of cases) {
        const answer = await engine.runSemantic({
          accountId,
          viewer: { roles: ['editor'], attributes: {} },
          now,
          query: {
            datasetId: source.tableDataset,
            dimensions: [],
            measures: [COUNT],
            filters: [{ field: 'order_date', op: 'relative', value }],
            sort: [],
          },
        });
        expect({ dialect: source.dialect, value, rows: answer.rows }).toEqual({
          dialect: source.dialect,
          value,
          rows: [[count]],
        });
      }
    }
  });

  it('sorts by a measure key and tells when the limit cut rows', async () => {
    await expectEverywhere(
      {
        dimensions: [{ field: 'region' }],
        measures: [{ field: 'amount', agg: 'sum' }],
        sort: [{ key: 'sum_amount', dir: 'desc' }],
        limit: 2,
      },
      [
        [null, 100],
        ['South', 45],
      ],
    );
    for (const source of data.sources) {
      const answer = await runOn(source, {
        dimensions: [{ field: 'region' }],
        measures: [{ field: 'amount', agg: 'sum' }],
        sort: [{ key: 'sum_amount', dir: 'desc' }],
        limit: 2,
      });
      expect(answer.json).toMatchObject({ rowCount: 2, truncated: true });
    }
  });

  it('selects dimensions without grouping when there is no measure', async () => {
    await expectEverywhere(
      {
        dimensions: [{ field: 'region' }, { field: 'amount' }],
        sort: [{ key: 'amount', dir: 'desc' }],
        limit: 3,
      },
      [
        [null, 100],
        ['South', 40],
        ['North', 20.25],
      ],
    );
  });

  it('reads a SQL dataset as a sub-query', async () => {
    await expectEverywhere(
      { dimensions: [{ field: 'paid' }], measures: [COUNT] },
      [
        [false, 3],
        [true, 2],
      ],
      'sql',
    );
  });
});
