import { createReadStream, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { Dataset, SemanticQuery } from '../common/analytics';
import { compileSemanticQuery } from '../server/query/compile/compileSemanticQuery';
import { inlineParams } from '../server/engines/clickhouse/params';
import { ensureClickhouse } from '../scripts/ensureServices.mjs';
import { clickhouseAdmin, readFlights } from '../scripts/cluster/clickhouseShards.mjs';
import { registerClickhouseSource } from '../scripts/cluster/clickhouseDemoSource.mjs';
import { BENCH_PASSWORD, callApi, signIn, type BenchSession } from './benchApi';
import { startChild, type BenchChild } from './benchChild';
import { writeResult, type Figure } from './benchReport';
import { flightsDashboardQueries, postQuery } from './flightQueries';
import { median, round2, roundRatiosOf } from './statistics';

// Flights on ClickHouse, `npm run bench -- clickhouse`, on the test ClickHouse
// (Debian's 18.16 on 127.0.0.1:18123) in a database of the benchmark's own:
// 1. The Flights dashboard's first 8 chart queries asked as semantic queries of the real
//    server (its own process, result cache off) on a ClickHouse source holding the 3M demo
//    flights, alternating run by run with the SQL the server compiled (values inlined as the
//    connector inlines them for 18.16) sent straight to ClickHouse with @clickhouse/client, as
//    the same user with the same settings; a figure is the median of the rounds' ratios of
//    medians (budget 1.15x end to end).
// 2. Growth: the same queries, compiled by the product's compiler for each engine, run
//    directly in DuckDB and in ClickHouse on flights generated inside each engine
//    (deterministic, the same rows in both) at 3M, 30M and 100M rows (BENCH_CLICKHOUSE_ROWS,
//    e.g. "100000,1000000" for a quick trial); every table is dropped afterwards.

const CHARTS = 8;
const RATIO = { rounds: 3, runsPerRound: 15 };
const GROWTH_RUNS = 5;
const RATIO_BUDGET = 1.15;
const DATABASE = 'brandboard_bench_clickhouse';
const GROWTH_TABLE = 'flights_generated';
const DEFAULT_SIZES = [3_000_000, 30_000_000, 100_000_000];
/** The server's defaults (QUERY_DEFAULT_LIMIT, QUERY_MAX_LIMIT): the same compiled SQL. */
const COMPILE_LIMITS = { defaultLimit: 10_000, maxLimit: 100_000 };
const THREADS = cpus().length;

type Log = (text: string) => void;
type ChartQuery = { name: string; query: SemanticQuery };

export interface ClickhouseRatio {
  query: string;
  sql: string;
  rows: number;
  serverMedianMs: number;
  serverInsideMedianMs: number;
  directMedianMs: number;
  roundRatios: number[];
  ratio: number;
  insideRatio: number;
}

export interface GrowthRow {
  rows: number;
  query: string;
  duckdbMs: number;
  clickhouseMs: number;
}

function sizes(): number[] {
  const given = process.env.BENCH_CLICKHOUSE_ROWS;
  if (!given) return DEFAULT_SIZES;
  const parsed = given.split(',').map((part) => Number(part.trim()));
  if (parsed.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new Error('BENCH_CLICKHOUSE_ROWS must be positive integers separated by commas.');
  }
  return parsed;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** A client as the connector makes one (no keep-alive: 18.16 closes idle connections). */
function directClient(httpPort: number, user: string, password: string): ClickHouseClient {
  return createClient({
    url: `http://127.0.0.1:${httpPort}`,
    username: user,
    password,
    database: DATABASE,
    keep_alive: { enabled: false },
    compression: { request: false, response: false },
    request_timeout: 3_600_000,
    log: { level: ClickHouseLogLevel.OFF },
  });
}

async function runClickhouse(
  client: ClickHouseClient,
  sql: string,
  settings: Record<string, string | number>,
): Promise<unknown[][]> {
  const result = await client.query({
    query: sql,
    format: 'JSONCompact',
    clickhouse_settings: settings,
  });
  return ((await result.json()) as { data: unknown[][] }).data;
}

/** The compiled SQL of `query` for ClickHouse with its values inlined (the connector on 18.16). */
function clickhouseSql(query: SemanticQuery, dataset: Dataset): string {
  const compiled = compileSemanticQuery(query, dataset, 'clickhouse', COMPILE_LIMITS);
  return compiled.params.length ? inlineParams(compiled.sql, compiled.params) : compiled.sql;
}

/** Loads the 3M demo flights into `flights` of the benchmark's database. */
async function loadDemoFlights(httpPort: number, credentials: { admin: string }, log: Log) {
  const exec = (sql: string) => clickhouseAdmin(httpPort, credentials, sql);
  await exec(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await exec(`CREATE DATABASE ${DATABASE}`);
  await exec(
    `CREATE TABLE ${DATABASE}.flights (date DateTime, delay Int32, distance Int32, ` +
      'origin String, destination String) ENGINE = MergeTree() ORDER BY (origin, date)',
  );
  const file = join(tmpdir(), `brandboard-bench-flights-${process.pid}.tsv`);
  try {
    const rows = await readFlights(file);
    log(`loading the ${rows} demo flights into ClickHouse…`);
    await clickhouseAdmin(
      httpPort,
      credentials,
      `INSERT INTO ${DATABASE}.flights FORMAT TabSeparated`,
      Readable.toWeb(createReadStream(file)),
    );
    const loaded = Number(await exec(`SELECT count() FROM ${DATABASE}.flights`));
    if (loaded !== rows) throw new Error(`ClickHouse holds ${loaded} flights of ${rows}.`);
  } finally {
    rmSync(file, { force: true });
  }
}

/** Part 1: each chart query through the server against its SQL sent straight to ClickHouse. */
async function benchRatios(
  server: BenchChild,
  session: BenchSession,
  dataset: Dataset,
  charts: ChartQuery[],
  direct: ClickHouseClient,
  log: Log,
): Promise<ClickhouseRatio[]> {
  // The connector's settings for a readonly=0 user (QUERY_TIMEOUT_SECONDS 30).
  const settings = { readonly: '1', max_execution_time: 30 };
  const figures: ClickhouseRatio[] = [];
  for (const chart of charts) {
    const query = { ...chart.query, datasetId: dataset.id };
    const first = await postQuery(server.url, session, query);
    const compiled = compileSemanticQuery(query, dataset, 'clickhouse', COMPILE_LIMITS);
    if (compiled.sql !== first.sql) {
      throw new Error(`${chart.name}: the server compiled other SQL:\n${first.sql}`);
    }
    const sql = clickhouseSql(query, dataset);
    const directRows = await runClickhouse(direct, sql, settings);
    // The statement asks for one row past a chart's limit, to tell truncation.
    if (directRows.length < first.rowCount || directRows.length > first.rowCount + 1) {
      throw new Error(
        `${chart.name}: ClickHouse ${directRows.length} rows, the server ${first.rowCount}.`,
      );
    }
    const serverMs: number[] = [];
    const directMs: number[] = [];
    await server.call('recordQueryTimings');
    for (let run = 0; run < RATIO.rounds * RATIO.runsPerRound; run++) {
      const viaServer = await timed(() => postQuery(server.url, session, query));
      if (viaServer.value.cached) throw new Error(`${chart.name}: answered from the cache.`);
      serverMs.push(viaServer.ms);
      directMs.push((await timed(() => runClickhouse(direct, sql, settings))).ms);
    }
    const inside = await server.call<number[]>('takeQueryTimings');
    const roundRatios = roundRatiosOf(serverMs, directMs, RATIO.runsPerRound);
    const figure = {
      query: chart.name,
      sql,
      rows: first.rowCount,
      serverMedianMs: round2(median(serverMs)),
      serverInsideMedianMs: round2(median(inside)),
      directMedianMs: round2(median(directMs)),
      roundRatios,
      ratio: round2(median(roundRatios)),
      insideRatio: round2(median(roundRatiosOf(inside, directMs, RATIO.runsPerRound))),
    };
    log(
      `  ${chart.name}: ${figure.ratio}x (${figure.serverMedianMs} vs ${figure.directMedianMs} ms)`,
    );
    figures.push(figure);
  }
  return figures;
}

// Deterministic flights from a row number n, written once per engine: Jan-Jun 2001, 50
// airports (skewed: a few are busy), delays -60..180 min, distances 100..2499 miles.
const AIRPORTS = [
  'ATL', 'ORD', 'DFW', 'LAX', 'DEN', 'PHX', 'IAH', 'LAS', 'DTW', 'MSP',
  'SFO', 'EWR', 'STL', 'CLT', 'BOS', 'SEA', 'LGA', 'PHL', 'MCO', 'PIT',
  'CVG', 'SLC', 'BWI', 'DCA', 'IAD', 'MIA', 'SAN', 'TPA', 'MEM', 'CLE',
  'OAK', 'MDW', 'BNA', 'RDU', 'SJC', 'MCI', 'HOU', 'SMF', 'IND', 'AUS',
  'MSY', 'SAT', 'DAL', 'ABQ', 'PDX', 'BDL', 'CMH', 'SNA', 'BUR', 'ONT',
]; // prettier-ignore
const AIRPORT_LIST = `[${AIRPORTS.map((code) => `'${code}'`).join(', ')}]`;
const skewed = (
  n: string,
  factor: number,
  modulus: number,
  divide: (a: string, b: string) => string,
) =>
  `${AIRPORT_LIST}[${divide(`((${n} * ${factor}) % ${modulus}) * ((${n} * ${factor}) % ${modulus}) * ${AIRPORTS.length}`, String(modulus * modulus))} + 1]`;
const SECONDS = '((n * 7919) % 181) * 86400 + (n * 104729) % 86400';

function duckdbGenerate(rows: number): string {
  const divide = (a: string, b: string) => `(${a}) // ${b}`;
  return `CREATE OR REPLACE TABLE ${GROWTH_TABLE} AS SELECT
    TIMESTAMP '2001-01-01 00:00:00' + to_seconds(${SECONDS}) AS date,
    CAST((n * 48271) % 241 - 60 AS INTEGER) AS delay,
    CAST(100 + (n * 69621) % 2400 AS INTEGER) AS distance,
    ${skewed('n', 2654435761, 1000003, divide)} AS origin,
    ${skewed('n', 40503, 1000033, divide)} AS destination
  FROM range(${rows}) AS t(n)`;
}

function clickhouseGenerate(rows: number): string {
  const divide = (a: string, b: string) => `intDiv(${a}, ${b})`;
  return `INSERT INTO ${DATABASE}.${GROWTH_TABLE} SELECT
    toDateTime('2001-01-01 00:00:00') + ${SECONDS} AS date,
    toInt32((n * 48271) % 241) - 60 AS delay,
    toInt32(100 + (n * 69621) % 2400) AS distance,
    ${skewed('n', 2654435761, 1000003, divide)} AS origin,
    ${skewed('n', 40503, 1000033, divide)} AS destination
  FROM (SELECT number AS n FROM system.numbers LIMIT ${rows})`;
}

async function runDuckdb(
  connection: DuckDBConnection,
  sql: string,
  params: unknown[],
): Promise<unknown[][]> {
  const reader = await connection.runAndReadAll(sql, params as DuckDBValue[]);
  return reader.getRowsJS();
}

/** Part 2: the chart queries in each engine directly, at each size. */
async function benchGrowth(
  dataset: Dataset,
  charts: ChartQuery[],
  admin: ClickHouseClient,
  httpPort: number,
  credentials: { admin: string },
  log: Log,
): Promise<{ rows: GrowthRow[]; checks: string[] }> {
  const file = join(tmpdir(), `brandboard-bench-growth-${process.pid}.duckdb`);
  const instance = await DuckDBInstance.create(file);
  const duckdb = await instance.connect();
  const exec = (sql: string) =>
    clickhouseAdmin(httpPort, credentials, sql, undefined, {
      max_threads: THREADS,
      max_execution_time: 0,
    });
  const settings = { max_threads: THREADS };
  const table = { ...dataset, table: GROWTH_TABLE };
  const growth: GrowthRow[] = [];
  const checks: string[] = [];
  try {
    for (const size of sizes()) {
      log(`growth: generating ${size} flights in DuckDB and in ClickHouse…`);
      await duckdb.run(duckdbGenerate(size));
      await duckdb.run('CHECKPOINT');
      await exec(`DROP TABLE IF EXISTS ${DATABASE}.${GROWTH_TABLE}`);
      await exec(
        `CREATE TABLE ${DATABASE}.${GROWTH_TABLE} (date DateTime, delay Int32, distance Int32, ` +
          'origin String, destination String) ENGINE = MergeTree() ORDER BY (origin, date)',
      );
      await exec(clickhouseGenerate(size));
      await exec(`OPTIMIZE TABLE ${DATABASE}.${GROWTH_TABLE} FINAL`);
      // The same rows in both engines: counts, sums and the busiest origin agree.
      const totals = 'count(*), sum(delay), sum(distance)';
      const inDuckdb = (
        await runDuckdb(
          duckdb,
          `SELECT ${totals}, strftime(min(date), '%Y-%m-%d %H:%M:%S'), ` +
            `strftime(max(date), '%Y-%m-%d %H:%M:%S') FROM ${GROWTH_TABLE}`,
          [],
        )
      )[0].map(String);
      const inClickhouse = (
        await runClickhouse(
          admin,
          `SELECT ${totals}, toString(min(date)), toString(max(date)) FROM ${GROWTH_TABLE}`,
          settings,
        )
      )[0].map(String);
      if (inDuckdb.join('|') !== inClickhouse.join('|')) {
        throw new Error(`The engines hold other rows: ${inDuckdb} vs ${inClickhouse}`);
      }
      checks.push(
        `${size} rows: count, sums and date range equal in both (${inDuckdb.join(', ')})`,
      );
      for (const chart of charts) {
        const query = { ...chart.query, datasetId: dataset.id };
        const forDuckdb = compileSemanticQuery(query, table, 'duckdb', COMPILE_LIMITS);
        const forClickhouse = clickhouseSql(query, table);
        const duckdbMs: number[] = [];
        const clickhouseMs: number[] = [];
        const first = await runDuckdb(duckdb, forDuckdb.sql, forDuckdb.params);
        const other = await runClickhouse(admin, forClickhouse, settings);
        if (first.length !== other.length || first.length === 0) {
          throw new Error(
            `${chart.name}: DuckDB ${first.length} rows, ClickHouse ${other.length}.`,
          );
        }
        for (let run = 0; run < GROWTH_RUNS; run++) {
          duckdbMs.push((await timed(() => runDuckdb(duckdb, forDuckdb.sql, forDuckdb.params))).ms);
          clickhouseMs.push((await timed(() => runClickhouse(admin, forClickhouse, settings))).ms);
        }
        const row = {
          rows: size,
          query: chart.name,
          duckdbMs: round2(median(duckdbMs)),
          clickhouseMs: round2(median(clickhouseMs)),
        };
        log(
          `  ${size} ${chart.name}: DuckDB ${row.duckdbMs} ms, ClickHouse ${row.clickhouseMs} ms`,
        );
        growth.push(row);
      }
      await duckdb.run(`DROP TABLE ${GROWTH_TABLE}`);
      await exec(`DROP TABLE ${DATABASE}.${GROWTH_TABLE}`);
    }
  } finally {
    duckdb.closeSync();
    instance.closeSync();
    rmSync(file, { force: true });
    rmSync(`${file}.wal`, { force: true });
  }
  return { rows: growth, checks };
}

function growthTable(rows: GrowthRow[]): string[] {
  const sizesSeen = [...new Set(rows.map((row) => row.rows))];
  const queries = [...new Set(rows.map((row) => row.query))];
  const header = sizesSeen.map((size) => `${size / 1e6}M DuckDB | ${size / 1e6}M ClickHouse`);
  const lines = [
    `| Query | ${header.join(' | ')} |`,
    `| --- |${sizesSeen.map(() => ' ---: | ---: |').join('')}`,
  ];
  for (const query of queries) {
    const cells = sizesSeen.map((size) => {
      const row = rows.find((found) => found.rows === size && found.query === query)!;
      return `${row.duckdbMs} ms | ${row.clickhouseMs} ms`;
    });
    lines.push(`| ${query} | ${cells.join(' | ')} |`);
  }
  const total = (size: number, engine: 'duckdbMs' | 'clickhouseMs') =>
    round2(rows.filter((row) => row.rows === size).reduce((sum, row) => sum + row[engine], 0));
  lines.push(
    `| **all ${queries.length}** | ${sizesSeen.map((size) => `${total(size, 'duckdbMs')} ms | ${total(size, 'clickhouseMs')} ms`).join(' | ')} |`,
  );
  return lines;
}

export async function runClickhouseBenches(log: Log) {
  const server = ensureClickhouse();
  const credentials = { admin: server.admin };
  await loadDemoFlights(server.httpPort, credentials, log);
  const allowed = `127.0.0.1:${server.httpPort}`;
  process.env.DATASOURCE_ALLOWED_HOSTS = [process.env.DATASOURCE_ALLOWED_HOSTS, allowed]
    .filter(Boolean)
    .join(',');
  log('starting the server with the demo warehouse (3M flights)…');
  const app = await startChild('bench/appServer.ts');
  const direct = directClient(server.httpPort, 'brandboard_reader', server.reader);
  const admin = directClient(server.httpPort, 'default', server.admin);
  try {
    const session = await signIn(app.url, 'acme', 'admin');
    await app.call('configureCache', { cacheTtlMs: 0 });
    const { datasetId } = await registerClickhouseSource(app.url, {
      password: BENCH_PASSWORD,
      httpPort: server.httpPort,
      readerPassword: server.reader,
      database: DATABASE,
    });
    const dataset = await callApi<Dataset>(
      app.url,
      session,
      'GET',
      `/api/v1/datasets/${datasetId}`,
    );
    const charts = await flightsDashboardQueries(app.url, session, CHARTS);
    log(
      `the Flights dashboard's ${charts.length} chart queries on ClickHouse through the server vs ` +
        `straight to ClickHouse (${RATIO.rounds} rounds of ${RATIO.runsPerRound} runs each)…`,
    );
    const ratios = await benchRatios(app, session, dataset, charts, direct, log);
    writeResult('clickhouse-query', { budgetRatio: RATIO_BUDGET, queries: ratios });
    await app.stop();

    const growth = await benchGrowth(dataset, charts, admin, server.httpPort, credentials, log);
    writeResult('clickhouse-growth', { threads: THREADS, runs: GROWTH_RUNS, ...growth });

    const figures: Figure[] = ratios.map((query) => ({
      name: `Semantic query on ClickHouse / the same SQL straight to ClickHouse, end to end: ${query.query}`,
      value: `${query.ratio}x (${query.serverMedianMs} ms vs ${query.directMedianMs} ms; inside the server ${query.insideRatio}x)`,
      budget: `<= ${RATIO_BUDGET}x`,
      pass: query.ratio <= RATIO_BUDGET,
    }));
    const details = [
      '## How it was measured',
      '',
      `- ClickHouse: Debian's clickhouse-server 18.16 on 127.0.0.1:${server.httpPort} (the test server, ` +
        `scripts/ensureServices.mjs), database \`${DATABASE}\`, dropped at the end.`,
      '- Part 1: the real server (bench/appServer.ts, its own process, result cache off) with a',
      '  ClickHouse source (user `brandboard_reader`, profile max_threads=1) over the 3M demo flights',
      "  (vega-datasets' flights-3m.parquet, read by DuckDB and inserted as TSV). Each of the",
      "  Flights dashboard's first 8 chart queries: POST /api/v1/query timed at the client",
      '  (node:http, keep-alive) alternating run by run with the SQL the server compiled, values',
      '  inlined as the connector does for 18.16, sent with @clickhouse/client as the same user',
      '  with the same settings (readonly=1, max_execution_time=30, no keep-alive, JSONCompact,',
      `  parsed), after one warm-up each: ${RATIO.rounds} rounds of ${RATIO.runsPerRound} runs; a figure ` +
        "is the median of the rounds' ratios of medians.",
      ...ratios.map(
        (query) =>
          `  - ${query.query} (${query.rows} rows): server ${query.serverMedianMs} ms at the client, ` +
          `${query.serverInsideMedianMs} ms inside Fastify; ClickHouse ${query.directMedianMs} ms; ` +
          `rounds ${query.roundRatios.map((ratio) => `${ratio}x`).join(', ')}.`,
      ),
      '',
      '## Growth: the same queries in DuckDB and ClickHouse at each size',
      '',
      `Flights generated inside each engine from a row number (deterministic: the same rows in ` +
        `both, checked by count, sums and date range), each query compiled by the product's ` +
        `compiler for the engine and run directly (no server): DuckDB (@duckdb/node-api, a file ` +
        `database, ${THREADS} threads) and ClickHouse (MergeTree ordered by origin and date, ` +
        `max_threads=${THREADS}, administrator), alternating run by run, median of ${GROWTH_RUNS} ` +
        'runs after one warm-up each. Tables dropped after each size.',
      '',
      ...growthTable(growth.rows),
      '',
      ...growth.checks.map((check) => `- ${check}`),
    ];
    return { figures, details };
  } finally {
    await app.stop();
    await direct.close();
    await admin.close();
    await clickhouseAdmin(server.httpPort, credentials, `DROP DATABASE IF EXISTS ${DATABASE}`);
  }
}
