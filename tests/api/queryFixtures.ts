import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { DatasetField, SourceType } from '../../common/analytics';
import { openWarehouse } from '../../server/engines/duckdb/warehouseRegistry';
import {
  createMariaDatabase,
  createPostgresDatabase,
  mariaExec,
  postgresExec,
  type ExternalDatabase,
} from './externalDatabases';
import { clickhouseExec, createClickhouseDatabase } from './clickhouseDatabases';
import type { QueryTestServer } from './queryTestServer';

// The same known `orders` rows in every dialect: a DuckDB warehouse table, a SQLite file, and
// fresh PostgreSQL and MariaDB databases (skipped with a message when a server is down) and a
// fresh ClickHouse database (the server is installed and started when missing).

type Row = [number, string | null, string | null, number, number | null, boolean | null];

// id, order_date (UTC, naive), region, amount, quantity, paid
export const ORDER_ROWS: Row[] = [
  [1, '2024-01-01 09:00:00', 'North', 10.5, 1, true], // a Monday
  [2, '2024-01-07 23:30:00', 'North', 20.25, 2, false], // a Sunday
  [3, '2024-01-08 00:00:00', 'South', 5, 3, true],
  [4, '2024-02-29 12:00:00', 'South', 40, 1, true],
  [5, '2024-03-31 18:45:00', 'East', 12.75, 5, false],
  [6, '2024-04-01 08:00:00', 'Far_50% East', 7.5, 2, true],
  [7, '2023-12-31 10:00:00', null, 100, 4, false],
  [8, null, 'West', 3.25, null, null],
];

export const ORDER_FIELDS: DatasetField[] = [
  { name: 'id', label: 'Id', type: 'number', role: 'dimension', synonyms: [] },
  { name: 'order_date', label: 'Order date', type: 'date', role: 'time', synonyms: [] },
  { name: 'region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
  { name: 'amount', label: 'Amount', type: 'number', role: 'measure', synonyms: [] },
  { name: 'quantity', label: 'Quantity', type: 'number', role: 'measure', synonyms: [] },
  { name: 'paid', label: 'Paid', type: 'boolean', role: 'dimension', synonyms: [] },
];

function literal(value: unknown, booleansAsNumbers: boolean): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return booleansAsNumbers ? (value ? '1' : '0') : String(value);
  if (typeof value === 'number') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

function insertSql(booleansAsNumbers = false): string {
  const values = ORDER_ROWS.map(
    (row) => `(${row.map((value) => literal(value, booleansAsNumbers)).join(', ')})`,
  );
  return `insert into orders values ${values.join(', ')}`;
}

export interface DialectSource {
  dialect: SourceType;
  sourceId: number;
  /** dataset over the table `orders` */
  tableDataset: number;
  /** dataset over `select * from orders where quantity >= 2` */
  sqlDataset: number;
}

async function datasets(server: QueryTestServer, accountId: number, sourceId: number) {
  return {
    sourceId,
    tableDataset: await server.addDataset(accountId, sourceId, { table: 'orders' }, ORDER_FIELDS),
    sqlDataset: await server.addDataset(
      accountId,
      sourceId,
      { sql: 'select * from orders where quantity >= 2' },
      ORDER_FIELDS,
    ),
  };
}

async function duckdbSource(server: QueryTestServer, accountId: number): Promise<DialectSource> {
  const warehouse = await openWarehouse(server.config.dataDir, accountId);
  await warehouse.withConnection(async (connection) => {
    await connection.run(
      'create table orders (id integer, order_date timestamp, region varchar, amount double, quantity integer, paid boolean)',
    );
    await connection.run(insertSql());
  });
  const sourceId = await server.addSource(accountId, 'duckdb');
  return { dialect: 'duckdb', ...(await datasets(server, accountId, sourceId)) };
}

async function sqliteSource(server: QueryTestServer, accountId: number): Promise<DialectSource> {
  const file = join(server.config.dataDir, 'sources', String(accountId), 'orders.sqlite');
  const db = new Database(file);
  db.exec(
    'create table orders (id integer, order_date text, region text, amount real, quantity integer, paid integer)',
  );
  db.exec(insertSql(true));
  db.close();
  const sourceId = await server.addSource(accountId, 'sqlite', { file: 'orders.sqlite' });
  return { dialect: 'sqlite', ...(await datasets(server, accountId, sourceId)) };
}

async function postgresSource(
  server: QueryTestServer,
  accountId: number,
  database: ExternalDatabase,
): Promise<DialectSource> {
  await postgresExec(
    database.config,
    'create table orders (id int, order_date timestamp, region text, amount double precision, quantity int, paid boolean); ' +
      insertSql(),
  );
  const sourceId = await server.addSource(accountId, 'postgres', database.reader);
  return { dialect: 'postgres', ...(await datasets(server, accountId, sourceId)) };
}

async function mariaSource(
  server: QueryTestServer,
  accountId: number,
  database: ExternalDatabase,
): Promise<DialectSource> {
  await mariaExec(
    database.config,
    'create table orders (id int, order_date datetime, region varchar(50), amount double, quantity int, paid boolean); ' +
      insertSql(true),
  );
  // The reader has an empty password: the source stores none.
  const config = { ...database.reader, password: undefined };
  const sourceId = await server.addSource(accountId, 'mysql', config);
  return { dialect: 'mysql', ...(await datasets(server, accountId, sourceId)) };
}

async function clickhouseSource(
  server: QueryTestServer,
  accountId: number,
): Promise<{ source: DialectSource; drop: () => Promise<void> }> {
  const database = await createClickhouseDatabase('brandboard_query');
  await clickhouseExec(database.admin, [
    `create table orders (id Int32, order_date Nullable(DateTime), region Nullable(String),
       amount Nullable(Float64), quantity Nullable(Int32), paid Nullable(UInt8))
       engine = MergeTree order by id`,
    insertSql(true),
  ]);
  const sourceId = await server.addSource(accountId, 'clickhouse', database.reader);
  return {
    source: { dialect: 'clickhouse', ...(await datasets(server, accountId, sourceId)) },
    drop: database.drop,
  };
}

export interface OrderSources {
  sources: DialectSource[];
  drop: () => Promise<void>;
}

/** The orders table on every reachable dialect, as sources and datasets of `accountId`. */
export async function orderSources(
  server: QueryTestServer,
  accountId: number,
): Promise<OrderSources> {
  const sources = [await duckdbSource(server, accountId), await sqliteSource(server, accountId)];
  const external: ExternalDatabase[] = [];
  const pg = await createPostgresDatabase('brandboard_query');
  if (!pg.skipped) {
    external.push(pg);
    sources.push(await postgresSource(server, accountId, pg));
  }
  const maria = await createMariaDatabase('brandboard_query');
  if (!maria.skipped) {
    external.push(maria);
    sources.push(await mariaSource(server, accountId, maria));
  }
  const clickhouse = await clickhouseSource(server, accountId);
  sources.push(clickhouse.source);
  return {
    sources,
    drop: async () => {
      for (const database of external) await database.drop();
      await clickhouse.drop();
    },
  };
}
