import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../../common/analytics';
import {
  compilePivotQuery,
  type PivotQuery,
} from '../../../server/query/compile/compilePivotQuery';
import {
  createMariaDatabase,
  createPostgresDatabase,
  mariaExec,
  postgresExec,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';

// The pivot's SQL on the real PostgreSQL (GROUPING SETS, GROUPING()) and MariaDB (a UNION ALL
// of GROUP BYs, its values bound once per branch): the same cells, subtotals and total.

const SALES: Dataset = {
  id: 1,
  sourceId: 1,
  name: 'Sales',
  table: 'sales',
  fields: [
    { name: 'region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'channel', label: 'Channel', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'amount', label: 'Amount', type: 'number', role: 'measure', synonyms: [] },
  ],
};

const ROWS = `('North', 'web', 10), ('North', 'web', 5), ('North', 'shop', 20),
  ('South', 'web', 7), ('South', 'shop', -3), ('East', 'shop', 4)`;

const PIVOT: PivotQuery = {
  rows: [{ field: 'region' }],
  columns: [{ field: 'channel' }],
  measures: [{ field: 'amount', agg: 'sum' }],
  filters: [{ field: 'amount', op: '>', value: 0 }],
};

const EXPECTED = [
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
];

function sorted(rows: unknown[][]): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        row.map((v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)),
      ),
    )
    .sort();
}

let postgres: ExternalDatabase | SkippedDatabase;
let maria: ExternalDatabase | SkippedDatabase;

beforeAll(async () => {
  postgres = await createPostgresDatabase();
  maria = await createMariaDatabase();
  const create =
    'create table sales (region varchar(20), channel varchar(20), amount double precision)';
  if (!postgres.skipped)
    await postgresExec(postgres.config, `${create}; insert into sales values ${ROWS}`);
  if (!maria.skipped) await mariaExec(maria.config, `${create}; insert into sales values ${ROWS}`);
});
afterAll(async () => {
  if (postgres && !postgres.skipped) await postgres.drop();
  if (maria && !maria.skipped) await maria.drop();
});

describe('the pivot on real database servers', () => {
  it('totals on PostgreSQL with GROUPING SETS', async (context) => {
    if (postgres.skipped) return context.skip(postgres.reason);
    const { sql, params } = compilePivotQuery(PIVOT, SALES, 'postgres', { limit: 100 });
    const client = new pg.Client(postgres.config);
    await client.connect();
    try {
      const answer = await client.query({ text: sql, values: params, rowMode: 'array' });
      expect(sorted(answer.rows)).toEqual(sorted(EXPECTED));
    } finally {
      await client.end();
    }
  });

  it('totals on MariaDB with a UNION ALL of GROUP BYs', async (context) => {
    if (maria.skipped) return context.skip(maria.reason);
    const { sql, params } = compilePivotQuery(PIVOT, SALES, 'mysql', { limit: 100 });
    const client = await mysql.createConnection(maria.config);
    try {
      const [rows] = await client.query({ sql, values: params, rowsAsArray: true });
      expect(sorted(rows as unknown[][])).toEqual(sorted(EXPECTED));
    } finally {
      await client.end();
    }
  });
});
