// The two-shard ClickHouse of `npm run cluster`: two clickhouse-server processes of Debian's
// package (installed when missing, as the tests' server is), each with its data folder under
// the cluster folder and its own HTTP, native and interserver ports, both knowing the cluster
// `brandboard_shards` (their <remote_servers>). Each holds a MergeTree table `demo.flights_local`
// and a Distributed table `demo.flights` over both; the demo Flights data (the 3M rows of
// vega-datasets' flights-3m.parquet, read by DuckDB) is inserted once through the Distributed
// table, which spreads the rows over the shards by a hash of each row.
import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import {
  clickhouseCredentials,
  ensureClickhouseServer,
  writeClickhouseConfig,
} from '../ensureServices.mjs';

export const SHARDS = 2;
export const CLICKHOUSE_CLUSTER = 'brandboard_shards';
export const DEMO_DATABASE = 'demo';
export const DISTRIBUTED_TABLE = 'flights';
export const LOCAL_TABLE = 'flights_local';

/** Ports of shard `index` (0-based): each first port of the settings, plus the index. */
export function shardPorts({ httpPort, tcpPort, interserverPort }, index) {
  return {
    httpPort: httpPort + index,
    tcpPort: tcpPort + index,
    interserverPort: interserverPort + index,
  };
}

/** The folder of shard `index` under the cluster folder. */
export const shardDir = (clusterDir, index) => join(clusterDir, `clickhouse-${index + 1}`);

/**
 * The users.d of shard `index`, beside its users.xml: the server merges the users files there
 * and reloads them on change (WAREHOUSE_USERS_DIR of the instances, for the first shard).
 */
export const shardUsersDir = (clusterDir, index) => join(shardDir(clusterDir, index), 'users.d');

/** config.d of shard `index`: its interserver port and the cluster of both shards. */
function shardOverrides(settings, index, credentials) {
  const replicas = Array.from({ length: SHARDS }, (_, shard) => {
    const { tcpPort } = shardPorts(settings, shard);
    return `      <shard><replica><host>127.0.0.1</host><port>${tcpPort}</port><user>default</user><password>${credentials.admin}</password></replica></shard>`;
  });
  return [
    `  <interserver_http_host>127.0.0.1</interserver_http_host>`,
    `  <interserver_http_port>${shardPorts(settings, index).interserverPort}</interserver_http_port>`,
    `  <remote_servers>`,
    `    <${CLICKHOUSE_CLUSTER}>`,
    ...replicas,
    `    </${CLICKHOUSE_CLUSTER}>`,
    `  </remote_servers>`,
    `  <macros><shard>${index + 1}</shard></macros>`,
  ].join('\n');
}

/**
 * Writes both shards' configuration and starts them under `processes` (restarted when they
 * die, stopped with the others); answers the users' passwords (kept in the cluster folder).
 */
export function startClickhouseShards(processes, clusterDir, settings) {
  const binary = ensureClickhouseServer();
  mkdirSync(join(clusterDir, 'clickhouse'), { recursive: true, mode: 0o700 });
  const credentials = clickhouseCredentials(join(clusterDir, 'clickhouse'));
  for (let index = 0; index < SHARDS; index++) {
    const dir = shardDir(clusterDir, index);
    mkdirSync(shardUsersDir(clusterDir, index), { recursive: true, mode: 0o700 });
    writeClickhouseConfig(
      dir,
      shardPorts(settings, index),
      credentials,
      shardOverrides(settings, index, credentials),
    );
    processes.start(`clickhouse-${index + 1}`, binary, [
      `--config-file=${join(dir, 'config.xml')}`,
    ]);
  }
  return credentials;
}

/** The HTTP URL of a shard's ping, for waitUntilHealthy. */
export const shardPingUrl = (settings, index) =>
  `http://127.0.0.1:${shardPorts(settings, index).httpPort}/ping`;

/** Runs one statement as the administrator on the shard listening on `httpPort`. */
export async function clickhouseAdmin(httpPort, credentials, query, body, settings = {}) {
  const url = new URL(`http://127.0.0.1:${httpPort}/`);
  url.searchParams.set('user', 'default');
  url.searchParams.set('password', credentials.admin);
  for (const [name, value] of Object.entries(settings)) url.searchParams.set(name, String(value));
  let request;
  if (body === undefined) {
    request = { method: 'POST', body: query };
  } else {
    url.searchParams.set('query', query);
    request = { method: 'POST', body, duplex: 'half' };
  }
  const answer = await fetch(url, request);
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`ClickHouse on ${httpPort}: ${text.trim()}`);
  return text;
}

function flightsParquet() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('vega-datasets')), '..', 'data', 'flights-3m.parquet');
}

/**
 * The demo flights' row count; with `file`, also the rows written there tab-separated (DuckDB
 * reads the package's Parquet: ClickHouse 18.16 has no Parquet format).
 */
export async function readFlights(file) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const source = `read_parquet('${flightsParquet().replaceAll("'", "''")}')`;
    const counted = await connection.runAndReadAll(`SELECT count(*) FROM ${source}`);
    if (file) {
      await connection.run(
        `COPY (SELECT strftime(date, '%Y-%m-%d %H:%M:%S'), delay, distance, origin, destination
          FROM ${source}) TO '${file.replaceAll("'", "''")}' (FORMAT csv, DELIMITER '\t', HEADER false)`,
      );
    }
    return Number(counted.getRowsJS()[0][0]);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const LOCAL_COLUMNS =
  '(date DateTime, delay Int32, distance Int32, origin String, destination String)';

/**
 * The demo database on every shard, its local and Distributed tables, and the demo flights
 * inserted through the Distributed table (synchronously: answered once both shards hold their
 * rows). Skipped when the Distributed table already holds them all; a partial load (a start
 * that broke off) is dropped and done again. Answers the row count.
 */
export async function loadDemoFlights(clusterDir, settings, credentials, log) {
  const ports = Array.from({ length: SHARDS }, (_, index) => shardPorts(settings, index).httpPort);
  const distributed = `${DEMO_DATABASE}.${DISTRIBUTED_TABLE}`;
  const local = `${DEMO_DATABASE}.${LOCAL_TABLE}`;
  const count = async () =>
    Number(await clickhouseAdmin(ports[0], credentials, `SELECT count() FROM ${distributed}`));
  const createTables = async () => {
    for (const port of ports) {
      await clickhouseAdmin(port, credentials, `CREATE DATABASE IF NOT EXISTS ${DEMO_DATABASE}`);
      await clickhouseAdmin(
        port,
        credentials,
        `CREATE TABLE IF NOT EXISTS ${local} ${LOCAL_COLUMNS} ENGINE = MergeTree() ` +
          'PARTITION BY toYYYYMM(date) ORDER BY (origin, date)',
      );
      await clickhouseAdmin(
        port,
        credentials,
        `CREATE TABLE IF NOT EXISTS ${distributed} AS ${local} ENGINE = Distributed(` +
          `${CLICKHOUSE_CLUSTER}, ${DEMO_DATABASE}, ${LOCAL_TABLE}, ` +
          'cityHash64(origin, destination, date))',
      );
    }
  };
  await createTables();
  const rows = await readFlights();
  const found = await count();
  if (found === rows) return rows;
  const file = join(clusterDir, 'clickhouse', 'flights.tsv');
  try {
    if (found > 0) {
      log(`The Distributed table holds ${found} of ${rows} flights: loading them again.`);
      for (const port of ports) {
        await clickhouseAdmin(port, credentials, `DROP TABLE IF EXISTS ${local}`);
      }
      await createTables();
    }
    log(`Loading ${rows} flights into ClickHouse through ${distributed}…`);
    await readFlights(file);
    await clickhouseAdmin(
      ports[0],
      credentials,
      `INSERT INTO ${distributed} FORMAT TabSeparated`,
      Readable.toWeb(createReadStream(file)),
      { insert_distributed_sync: 1 },
    );
    const loaded = await count();
    if (loaded !== rows) throw new Error(`ClickHouse holds ${loaded} flights of ${rows}.`);
    return rows;
  } finally {
    rmSync(file, { force: true });
  }
}
