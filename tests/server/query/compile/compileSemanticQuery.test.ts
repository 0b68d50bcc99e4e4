import { describe, expect, it } from 'vitest';
import { TIME_GRAINS, type QueryFilter, type QueryMeasure } from '../../../../common/analytics';
import { compileSemanticQuery } from '../../../../server/query/compile/compileSemanticQuery';
import { ApiError } from '../../../../server/errors';
import { compileAll, NOW, ORDERS, query } from './compileFixtures';

// Snapshots of the SQL and bound values each dialect gets for representative queries.

describe('compileSemanticQuery per dialect', () => {
  it('groups a measure by a plain dimension, ordered by the dimension by default', () => {
    expect(
      compileAll(
        query({ dimensions: [{ field: 'region' }], measures: [{ field: '*', agg: 'count' }] }),
      ),
    ).toMatchSnapshot();
  });

  for (const grain of TIME_GRAINS) {
    it(`truncates dates to the ${grain}`, () => {
      expect(
        compileAll(
          query({
            dimensions: [{ field: 'order_date', grain }],
            measures: [{ field: 'amount', agg: 'sum' }],
          }),
        ),
      ).toMatchSnapshot();
    });
  }

  it('bins a number', () => {
    expect(
      compileAll(
        query({
          dimensions: [{ field: 'amount', bin: 25 }],
          measures: [{ field: '*', agg: 'count' }],
        }),
      ),
    ).toMatchSnapshot();
  });

  it('writes every aggregation (median refused where the dialect has none)', () => {
    expect(
      compileAll(
        query({
          measures: [
            { field: '*', agg: 'count' },
            { field: 'region', agg: 'count' },
            { field: 'region', agg: 'count_distinct' },
            { field: 'amount', agg: 'sum' },
            { field: 'amount', agg: 'avg' },
            { field: 'amount', agg: 'min' },
            { field: 'order_date', agg: 'max' },
            { field: 'amount', agg: 'median' },
          ],
        }),
      ),
    ).toMatchSnapshot();
  });

  const filters: Array<[string, QueryFilter]> = [
    ['=', { field: 'region', op: '=', value: 'North' }],
    ['!=', { field: 'amount', op: '!=', value: 3 }],
    ['in', { field: 'region', op: 'in', value: ['North', 'South'] }],
    ['not in', { field: 'amount', op: 'not in', value: [1, 2, 3] }],
    ['<', { field: 'amount', op: '<', value: 10 }],
    ['<=', { field: 'order_date', op: '<=', value: '2024-03-01' }],
    ['>', { field: 'order_date', op: '>', value: '2024-03-01T10:30:00+02:00' }],
    ['>=', { field: 'amount', op: '>=', value: 2.5 }],
    ['between', { field: 'order_date', op: 'between', value: ['2024-01-01', '2024-03-31'] }],
    ['contains', { field: 'region', op: 'contains', value: '50%_off!' }],
    ['starts with', { field: 'my "col"', op: 'starts with', value: 'No' }],
    ['is null', { field: 'region', op: 'is null' }],
    ['is not null', { field: 'order_date', op: 'is not null' }],
    ['= boolean', { field: 'paid', op: '=', value: true }],
  ];
  for (const [name, filter] of filters) {
    it(`filters with ${name}`, () => {
      expect(
        compileAll(query({ measures: [{ field: '*', agg: 'count' }], filters: [filter] })),
      ).toMatchSnapshot();
    });
  }

  it('combines several filters with AND', () => {
    expect(
      compileAll(
        query({
          dimensions: [{ field: 'region' }],
          measures: [{ field: 'amount', agg: 'sum' }],
          filters: [
            { field: 'region', op: 'in', value: ['North', 'South'] },
            { field: 'amount', op: '>', value: 0 },
          ],
        }),
      ),
    ).toMatchSnapshot();
  });

  it('turns relative dates into bound dates computed from now', () => {
    expect(
      compileAll(
        query({
          measures: [{ field: '*', agg: 'count' }],
          filters: [
            {
              field: 'order_date',
              op: 'relative',
              value: { kind: 'last', count: 30, unit: 'day' },
            },
          ],
        }),
      ),
    ).toMatchSnapshot();
  });

  it('sorts by a measure key and a dimension, nulls last, with a limit', () => {
    expect(
      compileAll(
        query({
          dimensions: [{ field: 'region' }, { field: 'order_date', grain: 'month' }],
          measures: [{ field: 'amount', agg: 'avg' }],
          sort: [
            { key: 'avg_amount', dir: 'desc' },
            { key: 'region', dir: 'asc' },
          ],
          limit: 50,
        }),
      ),
    ).toMatchSnapshot();
  });

  it('groups dimensions without a measure into distinct values, the most frequent first', () => {
    expect(
      compileAll(query({ dimensions: [{ field: 'region' }, { field: 'amount' }], limit: 5 })),
    ).toMatchSnapshot();
  });

  it('orders distinct values by the sort asked for instead of by frequency', () => {
    const compiled = compileAll(
      query({ dimensions: [{ field: 'region' }], sort: [{ key: 'region', dir: 'desc' }] }),
    );
    for (const { sql } of Object.values(compiled) as Array<{ sql: string }>) {
      // ClickHouse groups in a sub-query under its own aliases (see selectStatement.ts).
      expect(sql).toMatch(/GROUP BY (1|`__1`)\n/);
      expect(sql).not.toContain('COUNT(*)');
    }
  });

  it('counts rows for a count measure without a field, in every dialect', () => {
    const withoutField = { agg: 'count' } as unknown as QueryMeasure;
    const compiled = compileAll(
      query({ dimensions: [{ field: 'region' }], measures: [withoutField] }),
    );
    for (const { sql } of Object.values(compiled) as Array<{ sql: string }>) {
      expect(sql).toMatch(/^SELECT \S+ AS \S+, COUNT\(\*\) AS ["`](count|__2)["`]\n/m);
    }
  });

  it('reads from the dataset SQL as a sub-query', () => {
    const dataset = { ...ORDERS, table: undefined, sql: 'select * from orders -- all of them\n;' };
    expect(
      compileAll(
        query({ dimensions: [{ field: 'region' }], measures: [{ field: '*', agg: 'count' }] }),
        dataset,
      ),
    ).toMatchSnapshot();
  });

  it('quotes odd identifiers by doubling the quote character', () => {
    expect(
      compileAll(
        query({
          dimensions: [{ field: 'my "col"' }],
          measures: [{ field: 'back`tick', agg: 'sum' }],
        }),
        { ...ORDERS, table: 'odd "schema".tab`le' },
      ),
    ).toMatchSnapshot();
  });
});

function compileError(parts: Parameters<typeof query>[0], dialect = 'duckdb' as const): ApiError {
  try {
    compileSemanticQuery(query(parts), ORDERS, dialect, { now: NOW });
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the query to be refused');
}

describe('compileSemanticQuery refuses bad queries with a 400 naming what is wrong', () => {
  const cases: Array<[string, Parameters<typeof query>[0], string]> = [
    ['an unknown dimension', { dimensions: [{ field: 'nope' }] }, 'unknown field "nope"'],
    [
      'an unknown measure field',
      { measures: [{ field: 'price; drop table x', agg: 'sum' }] },
      'unknown field "price; drop table x"',
    ],
    [
      'an unknown filter field',
      { measures: [{ field: '*', agg: 'count' }], filters: [{ field: 'x', op: '=', value: 1 }] },
      'filters.0.field: unknown field "x"',
    ],
    [
      'an unknown sort key',
      { dimensions: [{ field: 'region' }], sort: [{ key: 'amount', dir: 'asc' }] },
      'sort.0.key: "amount" is neither',
    ],
    ['nothing selected', {}, 'at least one dimension or measure'],
    ['a grain on text', { dimensions: [{ field: 'region', grain: 'month' }] }, 'not a date field'],
    ['a bin on text', { dimensions: [{ field: 'region', bin: 10 }] }, 'not a number field'],
    ['a zero bin', { dimensions: [{ field: 'amount', bin: 0 }] }, 'above 0'],
    ['sum of text', { measures: [{ field: 'region', agg: 'sum' }] }, 'sum needs a number field'],
    ['avg of rows', { measures: [{ field: '*', agg: 'avg' }] }, 'avg needs a field'],
    [
      'a text value for a number',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'amount', op: '>', value: 'x' }],
      },
      'amount is a number',
    ],
    [
      'an impossible date',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'order_date', op: '>', value: '2024-02-30' }],
      },
      'not a valid date',
    ],
    [
      'an empty in list',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'region', op: 'in', value: [] }],
      },
      'at least one value',
    ],
    [
      'between with one value',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'amount', op: 'between', value: [1] }],
      },
      'exactly two values',
    ],
    [
      'contains on a number',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'amount', op: 'contains', value: '1' }],
      },
      'applies to text fields',
    ],
    [
      'a relative filter on text',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'region', op: 'relative', value: { kind: 'this', unit: 'year' } }],
      },
      'apply to date fields',
    ],
    [
      '"last" without a count',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'order_date', op: 'relative', value: { kind: 'last', unit: 'day' } }],
      },
      'whole count',
    ],
    [
      '= null',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'region', op: '=', value: null }],
      },
      'use "is null"',
    ],
    [
      'a limit above the maximum',
      { measures: [{ field: '*', agg: 'count' }], limit: 100_001 },
      'limit',
    ],
    [
      'the same output column twice',
      { dimensions: [{ field: 'region' }, { field: 'region' }] },
      '"region" appears twice',
    ],
  ];
  for (const [name, parts, message] of cases) {
    it(name, () => {
      const error = compileError(parts);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.statusCode).toBe(400);
      expect(error.message).toContain(message);
    });
  }

  it('refuses median on sqlite and mysql but compiles it on duckdb and postgres', () => {
    const median = { measures: [{ field: 'amount', agg: 'median' as const }] };
    expect(compileError(median, 'sqlite' as 'duckdb').message).toContain('Median is not available');
    expect(compileError(median, 'mysql' as 'duckdb').message).toContain('Median is not available');
    expect(compileSemanticQuery(query(median), ORDERS, 'postgres').sql).toContain(
      'percentile_cont',
    );
  });
});

describe('compileSemanticQuery output', () => {
  it('names columns after dimension fields and measure keys, typed from the dataset', () => {
    const compiled = compileSemanticQuery(
      query({
        dimensions: [
          { field: 'order_date', grain: 'week' },
          { field: 'amount', bin: 5 },
          { field: 'paid' },
        ],
        measures: [
          { field: '*', agg: 'count' },
          { field: 'order_date', agg: 'min' },
        ],
      }),
      ORDERS,
      'postgres',
    );
    expect(compiled.columns).toEqual([
      { name: 'order_date', role: 'dimension', type: 'date', grain: 'week' },
      { name: 'amount', role: 'dimension', type: 'number' },
      { name: 'paid', role: 'dimension', type: 'boolean' },
      { name: 'count', role: 'measure', type: 'number' },
      { name: 'min_order_date', role: 'measure', type: 'date' },
    ]);
  });

  it('asks for one row more than the limit (default 10,000) so truncation can be told', () => {
    const compiled = compileSemanticQuery(
      query({ dimensions: [{ field: 'region' }] }),
      ORDERS,
      'sqlite',
    );
    expect(compiled.limit).toBe(10_000);
    expect(compiled.sql.endsWith('LIMIT 10001')).toBe(true);
  });

  it('never writes a filter value into the SQL text', () => {
    const value = "x' OR 1=1 --";
    const compiled = compileSemanticQuery(
      query({
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'region', op: '=', value }],
      }),
      ORDERS,
      'mysql',
    );
    expect(compiled.sql).not.toContain(value);
    expect(compiled.params).toEqual([value]);
  });
});
