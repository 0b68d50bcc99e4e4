import Database from 'better-sqlite3';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../../common/analytics';
import {
  compilePivotQuery,
  pivotGroupingSets,
  type PivotQuery,
} from '../../../../server/query/compile/compilePivotQuery';
import { DIALECTS, NOW, ORDERS } from './compileFixtures';

// A pivot's cells, subtotals and totals: GROUPING SETS where the dialect has them, UNION ALL
// of GROUP BYs elsewhere (snapshots per dialect), and both run on real engines over the same
// rows giving the same answer.

const REGION_BY_MONTH: PivotQuery = {
  rows: [{ field: 'region' }, { field: 'paid' }],
  columns: [{ field: 'order_date', grain: 'month' }],
  measures: [
    { field: 'amount', agg: 'sum' },
    { field: '*', agg: 'count' },
  ],
  filters: [{ field: 'amount', op: '>', value: 0 }],
};

describe('compilePivotQuery', () => {
  it('groups each prefix of the rows with each prefix of the columns', () => {
    expect(pivotGroupingSets(2, 1)).toEqual([[0, 1, 2], [0, 1], [0, 2], [0], [2], []]);
    expect(pivotGroupingSets(0, 1)).toEqual([[0], []]);
  });

  it('compiles per dialect: GROUPING SETS or a UNION ALL with its values bound per branch', () => {
    const compiled = Object.fromEntries(
      DIALECTS.map((dialect) => {
        const { sql, params } = compilePivotQuery(REGION_BY_MONTH, ORDERS, dialect, {
          now: NOW,
          limit: 1000,
          policies: [{ field: 'region', values: ['North', 'South'] }],
        });
        return [dialect, { sql, params }];
      }),
    );
    expect(compiled).toMatchSnapshot();
    expect(compiled.sqlite.params).toHaveLength(6 * 3);
    expect(compiled.duckdb.params).toHaveLength(3);
  });

  it('refuses a pivot without a measure or a dimension, and an unknown field, naming it', () => {
    const refusal = (query: PivotQuery) => {
      try {
        compilePivotQuery(query, ORDERS, 'duckdb', { limit: 10 });
        return 'compiled';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal({ ...REGION_BY_MONTH, measures: [] })).toMatch(/^measures:/);
    expect(refusal({ ...REGION_BY_MONTH, rows: [], columns: [] })).toMatch(/^rows:/);
    expect(refusal({ ...REGION_BY_MONTH, columns: [{ field: 'nope' }] })).toMatch(
      /^columns\.0\.field: unknown field "nope"/,
    );
  });
});

const SALES: Dataset = {
  id: 2,
  sourceId: 1,
  name: 'Sales',
  table: 'sales',
  fields: [
    { name: 'region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'channel', label: 'Channel', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'amount', label: 'Amount', type: 'number', role: 'measure', synonyms: [] },
  ],
};

const SALES_ROWS: Array<[string, string, number]> = [
  ['North', 'web', 10],
  ['North', 'web', 5],
  ['North', 'shop', 20],
  ['South', 'web', 7],
  ['South', 'shop', -3],
  ['East', 'shop', 4],
];

const CHANNELS_BY_REGION: PivotQuery = {
  rows: [{ field: 'region' }],
  columns: [{ field: 'channel' }],
  measures: [{ field: 'amount', agg: 'sum' }],
  filters: [{ field: 'amount', op: '>', value: 0 }],
};

/** Rows as sorted text, so the engines' orders of NULLs do not matter. */
function normalised(rows: unknown[][]): string[] {
  return rows
    .map((row) =>
      JSON.stringify(row.map((v) => (v === null ? null : Number.isNaN(Number(v)) ? v : Number(v)))),
    )
    .sort();
}

describe('the pivot on real engines', () => {
  it('answers the same cells, subtotals and total on DuckDB (GROUPING SETS) and SQLite (UNION ALL)', async () => {
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    await duck.run('create table sales (region varchar, channel varchar, amount double)');
    const values = SALES_ROWS.map(([r, c, a]) => `('${r}', '${c}', ${a})`).join(', ');
    await duck.run(`insert into sales values ${values}`);
    const onDuck = compilePivotQuery(CHANNELS_BY_REGION, SALES, 'duckdb', { limit: 100 });
    const duckRows = (
      await duck.runAndReadAll(onDuck.sql, onDuck.params as number[])
    ).getRows() as unknown[][];

    const lite = new Database(':memory:');
    lite.exec('create table sales (region text, channel text, amount real)');
    lite.exec(`insert into sales values ${values}`);
    const onLite = compilePivotQuery(CHANNELS_BY_REGION, SALES, 'sqlite', { limit: 100 });
    const liteRows = lite
      .prepare(onLite.sql)
      .raw()
      .all(...(onLite.params as number[])) as unknown[][];

    expect(normalised(liteRows)).toEqual(normalised(duckRows));
    expect(normalised(liteRows)).toEqual(
      normalised([
        ['East', 'shop', 4, 0],
        ['North', 'shop', 20, 0],
        ['North', 'web', 15, 0],
        ['South', 'web', 7, 0],
        ['East', null, 4, 1],
        ['North', null, 35, 1],
        ['South', null, 7, 1],
        [null, 'shop', 24, 2],
        [null, 'web', 22, 2],
        [null, null, 46, 3],
      ]),
    );
    lite.close();
    duck.closeSync();
  });
});
