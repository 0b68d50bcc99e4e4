import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingDir, type Warehouse } from '../../../server/engines/duckdb/warehouse';
import { ORDER_FIELDS } from '../queryFixtures';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';
import { call } from '../fixtures';

// The DuckDB escape corpus against the real server: every statement that does
// more than read the tenant's own tables is refused with a 400 naming what it refused, in
// the SQL explorer, in a dataset's SQL when it is saved, and when a chart query runs over a
// dataset stored before the check existed; after the whole corpus the warehouse still
// serves. Normal analytical SQL keeps working. Each warehouse has its own limits, and no
// answer shows a server path.

const LIMITS = { DUCKDB_MEMORY_LIMIT_MB: '300', DUCKDB_THREADS: '1', DUCKDB_TEMP_LIMIT_MB: '500' };

let server: QueryTestServer;
let accountId: number;
let otherAccountId: number;
let sourceId: number;
let tableDataset: number;
let editor: { token: string; site: string };
let staged: string;
let staging: string;

beforeAll(async () => {
  server = await startQueryServer(LIMITS);
  accountId = await server.addAccount('acme', { editor: 'editor', viewer: 'viewer' });
  otherAccountId = await server.addAccount('other', { editor: 'editor' });
  await server.app.sourceConnectors.withWarehouse(accountId, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(
        'create table orders (id integer, order_date timestamp, region varchar, amount double, quantity integer, paid boolean)',
      );
      await connection.run(
        `insert into orders values
         (1, '2024-01-01 09:00:00', 'North', 10.5, 1, true),
         (2, '2024-01-07 23:30:00', 'North', 20.25, 2, false),
         (3, '2024-02-29 12:00:00', 'South', 40, 3, true)`,
      );
    }),
  );
  // An upload waiting in the staging folder: the one folder DuckDB itself may read.
  staging = stagingDir(server.config.dataDir, accountId);
  staged = join(staging, 'upload-secret.csv');
  writeFileSync(staged, 'secret\nother tenant data\n');
  sourceId = await server.addSource(accountId, 'duckdb');
  tableDataset = await server.addDataset(accountId, sourceId, { table: 'orders' }, ORDER_FIELDS);
  editor = { token: await server.sessionFor('acme', 'editor'), site: 'acme' };
});

afterAll(async () => {
  await server?.close();
});

const runSql = (sql: string) => post(server, '/api/v1/sql', { sourceId, sql }, editor);

const countByRegion = (datasetId: number) => ({
  query: {
    datasetId,
    dimensions: [{ field: 'region' }],
    measures: [{ field: '*', agg: 'count' }],
    filters: [],
    sort: [],
  },
});

const LOG_TO_FILE = "enable_logging(storage := 'file', storage_path := '/nonexistent')";

/** [SQL, what the refusal must name]: staging paths are filled in once the server runs. */
const corpus = (): [string, RegExp][] => [
  // The engine's state: logging, profiling, the parser, checkpoints.
  [`select * from ${LOG_TO_FILE}`, /enable_logging\(\) is not allowed/],
  ['select * from enable_profiling()', /enable_profiling\(\) is not allowed/],
  ['select enable_profiling()', /enable_profiling\(\) is not allowed/],
  ['select * from enable_peg_parser()', /enable_peg_parser\(\) is not allowed/],
  ['select * from disable_logging()', /disable_logging\(\) is not allowed/],
  ['select checkpoint()', /checkpoint\(\) is not allowed/],
  ['select * from checkpoint()', /checkpoint\(\) is not allowed/],
  ['select * from force_checkpoint()', /force_checkpoint\(\) is not allowed/],
  ['select * from truncate_duckdb_logs()', /truncate_duckdb_logs\(\) is not allowed/],
  // Files: outside, and the tenant's own staged uploads.
  ["select * from read_csv('/etc/passwd')", /read_csv\(\) is not allowed/],
  [`select * from read_csv('${staged}')`, /read_csv\(\) is not allowed/],
  [`select * from read_csv_auto('${staged}')`, /read_csv_auto\(\) is not allowed/],
  [`select * from read_text('${staged}')`, /read_text\(\) is not allowed/],
  [`select * from read_blob('${staged}')`, /read_blob\(\) is not allowed/],
  [`select * from read_json('${staged}')`, /read_json\(\) is not allowed/],
  [`select * from sniff_csv('${staged}')`, /sniff_csv\(\) is not allowed/],
  [`select * from glob('${staging}/*')`, /glob\(\) is not allowed/],
  [`select * from parquet_metadata('${staged}')`, /parquet_metadata\(\) is not allowed/],
  // Replacement scans: a file named where a table goes.
  [`select * from '${staged}'`, /upload-secret\.csv does not exist in this warehouse/],
  [`select * from '${staging}/*.csv'`, /\*\.csv does not exist in this warehouse/],
  [`select * from "${staged}"`, /upload-secret\.csv does not exist in this warehouse/],
  [`describe '${staged}'`, /upload-secret\.csv does not exist in this warehouse/],
  [`summarize select * from '${staged}'`, /upload-secret\.csv does not exist/],
  // Settings, variables, the environment, the catalog's paths.
  ["select current_setting('temp_directory')", /current_setting\(\) is not allowed/],
  ["select current_setting('allowed_directories')", /current_setting\(\) is not allowed/],
  ['select * from duckdb_settings()', /duckdb_settings\(\) is not allowed/],
  ['select * from duckdb_databases()', /duckdb_databases\(\) is not allowed/],
  ['select * from pg_settings', /pg_settings does not exist in this warehouse/],
  ['select * from pg_catalog.pg_settings', /pg_settings does not exist in this warehouse/],
  ['select * from duckdb_settings', /duckdb_settings does not exist in this warehouse/],
  ['select * from pragma_database_list', /pragma_database_list does not exist/],
  ['set variable secret = 1', /read-only statement/],
  ["select getvariable('secret')", /getvariable\(\) is not allowed/],
  ["select getenv('HOME')", /getenv\(\) does not exist/],
  ["select write_log('x')", /write_log\(\) is not allowed/],
  ['select sleep_ms(60000)', /sleep_ms\(\) is not allowed/],
  ['select pg_sleep(60)', /pg_sleep\(\) is not allowed/],
  ["select json_serialize_plan('select 1')", /json_serialize_plan\(\) is not allowed/],
  ["select * from query('select * from duckdb_settings()')", /query\(\) is not allowed/],
  ["select * from query_table('orders')", /query_table\(\) is not allowed/],
  ['select * from duckdb_secrets()', /duckdb_secrets\(\) is not allowed/],
  ['select * from duckdb_logs()', /duckdb_logs\(\) is not allowed/],
  // Statements that are not SELECTs.
  ['pragma version', /read-only statement/],
  ['select * from pragma_version()', /pragma_version\(\) is not allowed/],
  ['call pragma_version()', /read-only statement/],
  ["attach '/tmp/brandboard-escape.duckdb' as x", /read-only statement/],
  ["copy orders to '/tmp/brandboard-escape.csv'", /read-only statement/],
  ['install httpfs', /read-only statement/],
  ['load httpfs', /read-only statement/],
  ["export database '/tmp/brandboard-escape'", /read-only statement/],
  ['create table other as select 1', /read-only statement/],
  ['insert into orders (id) values (99)', /read-only statement/],
  ['set memory_limit = 1', /read-only statement/],
  ['reset threads', /read-only statement/],
  ['checkpoint', /read-only statement/],
  [`select 1; select * from ${LOG_TO_FILE}`, /Only one statement/],
  ['explain select * from enable_profiling()', /enable_profiling\(\) is not allowed/],
  [`explain analyze select * from ${LOG_TO_FILE}`, /enable_logging\(\) is not allowed/],
  ['explain analyze checkpoint', /read-only statement/],
  // Hidden inside CTEs, sub-queries, joins, expressions and arguments.
  [`with a as (select * from ${LOG_TO_FILE}) select * from a`, /enable_logging\(\) is not allowed/],
  ['select * from (select * from checkpoint())', /checkpoint\(\) is not allowed/],
  [
    "select * from orders, lateral (select * from read_csv('/etc/passwd'))",
    /read_csv\(\) is not allowed/,
  ],
  ["select id, (select current_setting('threads')) from orders", /current_setting\(\) is not/],
  ['select id from orders where exists (select * from enable_profiling())', /enable_profiling/],
  ["select id from orders order by current_setting('threads')", /current_setting\(\) is not/],
  ["select list_transform([1], x -> current_setting('threads'))", /current_setting\(\) is not/],
  ["select * from range(getvariable('n'))", /getvariable\(\) is not allowed/],
  ["select * from unnest([current_setting('threads')])", /current_setting\(\) is not/],
  [
    "select * from orders join (select * from read_text('/etc/hostname')) on true",
    /read_text\(\) is not allowed/,
  ],
  ["select sum(amount) filter (where current_setting('x') = '') from orders", /current_setting/],
  ['select 1 union all select * from force_checkpoint()', /force_checkpoint\(\) is not allowed/],
  // A CTE's name hides a file only where the CTE is in scope.
  [
    `with a as (select * from '${staged}'), "${staged}" as (select 1) select * from a`,
    /upload-secret\.csv does not exist/,
  ],
  [`select * from (with "x.csv" as (select 1) select 1), "x.csv"`, /x\.csv does not exist/],
  // Mixed case, quoted and qualified names.
  ['SELECT * FROM Enable_Logging()', /enable_logging\(\) is not allowed/i],
  ['select * from "enable_profiling"()', /enable_profiling\(\) is not allowed/],
  ['select * from system.main.checkpoint()', /checkpoint\(\) is not allowed/],
  ["SELECT Current_Setting('threads')", /current_setting\(\) is not allowed/i],
  ['select * from "main"."ENABLE_PEG_PARSER"()', /enable_peg_parser\(\) is not allowed/i],
  ["/* read */ select * from READ_CSV('/etc/passwd')", /read_csv\(\) is not allowed/i],
];

describe('DuckDB: the escape corpus is refused', () => {
  it('refuses each statement with a 400 naming what it refused, and keeps serving', async () => {
    for (const [sql, names] of corpus()) {
      const answer = await runSql(sql);
      expect(answer.status, sql).toBe(400);
      expect.soft(answer.json.message, sql).toMatch(names);
      expect(JSON.stringify(answer.json), sql).not.toContain('other tenant data');
    }
    const count = await runSql('select count(*) from orders');
    expect(count.status).toBe(200);
    expect(count.json.rows).toEqual([[3]]);
    const chart = await post(server, '/api/v1/query', countByRegion(tableDataset), editor);
    expect(chart.status).toBe(200);
    expect(chart.json.rows).toEqual(
      expect.arrayContaining([
        ['North', 2],
        ['South', 1],
      ]),
    );
  });

  it('points at the refused function', async () => {
    const answer = await runSql("select 1,\n  current_setting('threads')");
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ line: 2, column: 3 });
  });

  it('refuses a dataset whose SQL or table escapes, when it is saved', async () => {
    for (const target of [
      { sql: `select * from ${LOG_TO_FILE}`, names: /sql: .*enable_logging\(\) is not allowed/ },
      { sql: "select current_setting('temp_directory') as t", names: /current_setting/ },
      { sql: `select * from '${staged}'`, names: /does not exist in this warehouse/ },
      { table: staged, names: /does not exist in this warehouse/ },
    ]) {
      const { names, ...from } = target;
      const answer = await call(server, 'POST', '/api/v1/datasets', {
        ...editor,
        body: { sourceId, name: `Escape ${Math.random()}`, ...from },
      });
      expect(answer.status, JSON.stringify(from)).toBe(400);
      expect(answer.json.message).toMatch(names);
    }
  });

  it('refuses a chart query over a dataset stored with such SQL, and keeps serving', async () => {
    for (const [sql, names] of [
      [`select 'North' as region from ${LOG_TO_FILE}`, /enable_logging\(\) is not allowed/],
      ["select current_setting('temp_directory') as region", /current_setting\(\) is not/],
      [`select column0 as region from '${staged}'`, /upload-secret\.csv does not exist/],
      ['select * from orders, checkpoint()', /checkpoint\(\) is not allowed/],
    ] as const) {
      const stored = await server.addDataset(accountId, sourceId, { sql }, ORDER_FIELDS);
      const chart = await post(server, '/api/v1/query', countByRegion(stored), editor);
      expect(chart.status, sql).toBe(400);
      expect(chart.json.message, sql).toMatch(names);
      const preview = await call(server, 'GET', `/api/v1/datasets/${stored}/preview`, editor);
      expect(preview.status, sql).toBe(400);
      expect(preview.json.message, sql).toMatch(names);
    }
    const chart = await post(server, '/api/v1/query', countByRegion(tableDataset), editor);
    expect(chart.status).toBe(200);
  });
});

describe('DuckDB: analytical SQL keeps working', () => {
  it.each([
    [
      'a join',
      'select a.region, count(*) from orders a join orders b using (id) group by all order by 1',
      [
        ['North', 2],
        ['South', 1],
      ],
    ],
    [
      'a window function',
      'select id, sum(amount) over (partition by region order by id) from orders order by id',
      [
        [1, 10.5],
        [2, 30.75],
        [3, 40],
      ],
    ],
    [
      'CTEs, one over another',
      'with a as (select * from orders), b as (select region from a) select count(*) from b',
      [[3]],
    ],
    [
      'a recursive CTE',
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select sum(n) from r',
      [[6]],
    ],
    [
      'aggregates',
      "select median(amount), string_agg(region, ',' order by id), count(*) filter (where paid) from orders",
      [[20.25, 'North,North,South', 2]],
    ],
    [
      'date functions',
      "select strftime(date_trunc('month', order_date), '%Y-%m'), extract(day from order_date + interval 1 day) from orders where id = 3",
      [['2024-02', 1]],
    ],
    [
      'string functions',
      "select upper(region), regexp_replace(region, 'o', '0'), split_part('a,b', ',', 2), region || '!' from orders where id = 1",
      [['NORTH', 'N0rth', 'b', 'North!']],
    ],
    [
      'lists, lambdas and table functions that make rows',
      'select sum(x) from (select unnest(list_transform([1, 2], y -> y * 10)) as x union all select range from range(3) union all select generate_series from generate_series(1, 1))',
      [[34]],
    ],
    [
      'PIVOT with its values listed',
      "select * from (pivot (select region from orders) on region in ('North', 'South') using count(*))",
      [[2, 1]],
    ],
    [
      'the catalog of the warehouse',
      "select count(*) from information_schema.columns where table_name = 'orders'",
      [[6]],
    ],
    [
      'a qualified table and a scalar sub-query',
      'select (select max(id) from main.orders) as top, count(*) from orders',
      [[3, 3]],
    ],
  ])('runs %s', async (_what, sql, rows) => {
    const answer = await runSql(sql);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.rows).toEqual(rows);
  });

  it.each([
    ['DESCRIBE orders', 6],
    ['SUMMARIZE orders', 6],
    ['SHOW TABLES', 1],
    ['EXPLAIN select count(*) from orders', 1],
    ['EXPLAIN ANALYZE select count(*) from orders', 1],
    ['select * from duckdb_tables()', 1],
  ])('runs %s', async (sql, rowCount) => {
    const answer = await runSql(sql);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.rowCount).toBe(rowCount);
  });

  it('saves a dataset over analytical SQL and charts it', async () => {
    const created = await call(server, 'POST', '/api/v1/datasets', {
      ...editor,
      body: {
        sourceId,
        name: 'Monthly',
        sql: "with m as (select date_trunc('month', order_date) as month, region from orders) select region, month from m",
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const chart = await post(server, '/api/v1/query', countByRegion(created.json.id), editor);
    expect(chart.status).toBe(200);
    expect(chart.json.rows).toHaveLength(2);
  });
});

describe('DuckDB: limits of each warehouse', () => {
  async function setting(warehouse: Warehouse, name: string): Promise<string> {
    return warehouse.withReadConnection(async (connection) => {
      const reader = await connection.runAndReadAll(`select current_setting('${name}')::varchar`);
      return String(reader.getRowsJS()[0][0]);
    });
  }

  it('holds the memory, threads and temp space configured, in its own temp folder', async () => {
    const { sourceConnectors } = server.app;
    await sourceConnectors.withWarehouse(accountId, (acme) =>
      sourceConnectors.withWarehouse(otherAccountId, async (other) => {
        for (const [warehouse, id] of [
          [acme, accountId],
          [other, otherAccountId],
        ] as const) {
          expect(await setting(warehouse, 'memory_limit')).toBe('300.0 MiB');
          expect(await setting(warehouse, 'threads')).toBe('1');
          expect(await setting(warehouse, 'max_temp_directory_size')).toBe('500.0 MiB');
          expect(await setting(warehouse, 'temp_directory')).toBe(
            join(server.config.dataDir, 'warehouses', `${id}.tmp`),
          );
        }
        // DuckDB adds its temp folder to the folders it may reach: never another tenant's.
        const reach = await setting(acme, 'allowed_directories');
        expect(reach).toContain(join('warehouses', `${accountId}.tmp`));
        expect(reach).not.toContain(join('warehouses', `${otherAccountId}.tmp`));
        expect(reach).not.toContain(join('staging', String(otherAccountId)));
      }),
    );
  });
});

describe('DuckDB: no server path in an answer', () => {
  it('keeps paths out of a failed upload', async () => {
    const bad = join(staging, 'upload-bad.json');
    writeFileSync(bad, '{"a": [1, 2');
    const error = await server.app.sourceConnectors
      .withWarehouse(accountId, (warehouse) => warehouse.ingestFile(bad, 'bad_upload', 'json'))
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error?.message).toMatch(/could not be read as json/);
    expect(error?.message).not.toContain(server.config.dataDir);
    expect(error?.message).not.toMatch(/(^|[\s"'])\/\w/);
  });

  it('answers no server path for a source error', async () => {
    const answer = await runSql(`select * from orders where id = '${staging}'`);
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/Conversion Error/);
    expect(answer.json.message).not.toContain(server.config.dataDir);
  });
});
