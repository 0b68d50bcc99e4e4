import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { ConnectorContext, SourceToOpen } from '../../server/engines/connector';
import { stagingDir } from '../../server/engines/duckdb/warehouse';
import { testSource } from '../../server/engines/index';
import { closeWarehouse, openWarehouse } from '../../server/engines/duckdb/warehouseRegistry';
import { sqliteSourcesDir } from '../../server/engines/sqlite/connector';
import { clickhouseExec } from './clickhouseDatabases';
import { mariaExec, postgresExec, type ExternalDatabaseConfig } from './externalDatabases';

// The same small table in every engine: dates, timestamps, numbers, strings, nulls, booleans.

export const ACCOUNT_ID = 7;

export const KNOWN_ROWS = [
  {
    id: 1,
    name: 'alpha',
    amount: 10.5,
    big: 9007199254740993n,
    day: '2024-01-15',
    at: '2024-01-15T08:30:00.000Z',
    active: true,
  },
  {
    id: 2,
    name: 'beta',
    amount: 20,
    big: 2n,
    day: '2024-02-29',
    at: '2024-02-29T23:59:59.000Z',
    active: false,
  },
  { id: 3, name: null, amount: null, big: null, day: null, at: null, active: null },
];

export function tempDataDir(): {
  dataDir: string;
  context: ConnectorContext;
  remove: () => Promise<void>;
} {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-engines-'));
  return {
    dataDir,
    context: { dataDir, accountId: ACCOUNT_ID, allowedHosts: ['127.0.0.1'] },
    remove: async () => {
      await closeWarehouse(dataDir, ACCOUNT_ID);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sqlValues = (quoteBool: (b: boolean) => string) =>
  KNOWN_ROWS.map((row) =>
    [
      row.id,
      row.name === null ? 'null' : `'${row.name}'`,
      row.amount ?? 'null',
      row.big === null ? 'null' : row.big.toString(),
      row.day === null ? 'null' : `'${row.day}'`,
      row.at === null ? 'null' : `'${row.at.slice(0, 19).replace('T', ' ')}'`,
      row.active === null ? 'null' : quoteBool(row.active),
    ].join(', '),
  )
    .map((values) => `(${values})`)
    .join(', ');

/** The known table in the tenant's DuckDB warehouse, ingested from a staged CSV. */
export async function seedDuckdb(dataDir: string): Promise<void> {
  const warehouse = await openWarehouse(dataDir, ACCOUNT_ID);
  const csv = join(stagingDir(dataDir, ACCOUNT_ID), 'known.csv');
  writeFileSync(
    csv,
    'id,name,amount,big,day,seen_at,active\n' +
      KNOWN_ROWS.map((r) =>
        [
          r.id,
          r.name ?? '',
          r.amount ?? '',
          r.big ?? '',
          r.day ?? '',
          r.at?.slice(0, 19).replace('T', ' ') ?? '',
          r.active ?? '',
        ].join(','),
      ).join('\n') +
      '\n',
  );
  await warehouse.ingestFile(csv, 'known', 'csv');
  rmSync(csv);
  await warehouse.alterColumnTypes('known', [{ name: 'amount', type: 'DECIMAL(10,2)' }]);
}

export async function seedPostgres(config: ExternalDatabaseConfig): Promise<void> {
  await postgresExec(
    config,
    `create table known (id integer primary key, name text, amount numeric(10,2), big bigint,
       day date, seen_at timestamp, active boolean);
     insert into known values ${sqlValues((b) => String(b))};
     create table wide as select g as n from generate_series(1, 5000) g;
     create sequence known_seq;
     analyze known; analyze wide;`,
  );
}

export async function seedMaria(config: ExternalDatabaseConfig): Promise<void> {
  await mariaExec(
    config,
    `create table known (id int primary key, name varchar(20), amount decimal(10,2), big bigint,
       day date, seen_at datetime, active boolean);
     insert into known values ${sqlValues((b) => (b ? '1' : '0'))};
     create table wide (n int primary key);
     set session max_recursive_iterations = 10000;
     insert into wide with recursive g(n) as (select 1 union all select n + 1 from g where n < 5000) select n from g;
     analyze table known; analyze table wide;`,
  );
}

/** `known` and `wide` as MergeTree tables (ClickHouse keeps booleans as UInt8 on 18.16). */
export async function seedClickhouse(config: ExternalDatabaseConfig): Promise<void> {
  await clickhouseExec(config, [
    `create table known (id Int32, name Nullable(String), amount Nullable(Decimal(10, 2)),
       big Nullable(Int64), day Nullable(Date), seen_at Nullable(DateTime),
       active Nullable(UInt8)) engine = MergeTree order by id`,
    `insert into known values ${sqlValues((b) => (b ? '1' : '0'))}`,
    'create table wide (n UInt32) engine = MergeTree order by n',
    'insert into wide select number + 1 from system.numbers limit 5000',
  ]);
}

export function seedSqlite(dataDir: string, file = 'known.sqlite'): void {
  const folder = sqliteSourcesDir(dataDir, ACCOUNT_ID);
  mkdirSync(folder, { recursive: true });
  const db = new Database(join(folder, file));
  db.exec(`create table known (id integer primary key, name text, amount real, big integer,
      day text, seen_at text, active integer);
    insert into known values ${sqlValues((b) => (b ? '1' : '0'))};
    create table wide (n integer);
    with recursive g(n) as (select 1 union all select n + 1 from g where n < 5000)
      insert into wide select n from g;`);
  db.close();
}

/** Test connection of `source` fails, answering exactly `message`. */
export async function expectTestFails(
  source: SourceToOpen,
  context: ConnectorContext,
  message: string,
): Promise<void> {
  expect(await testSource(source, context)).toEqual({ ok: false, message });
}
