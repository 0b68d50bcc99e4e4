// `npm run cluster`: Brandboard as it runs past one machine, on this one. The machine's
// PostgreSQL (a database of the cluster's own), a Redis server of its own, a two-shard
// ClickHouse (clickhouseShards.mjs), N instances of the server over them, each with its own
// DATA_DIR, and nginx in front; Redis, the shards and the instances are restarted when they
// die. Tenants' warehouses are databases of the first shard (WAREHOUSE_URL), so any instance
// serves any tenant and nginx balances without affinity; CLUSTER_WAREHOUSES=duckdb keeps them
// as DuckDB files of each instance, nginx then pinning each tenant to one instance. Tenant acme
// gets a ClickHouse source and dataset over the shards' Distributed flights table. Prints the
// URLs; Ctrl+C stops everything it started.
// Settings: CLUSTER_INSTANCES (3), CLUSTER_PORT (8080), CLUSTER_FIRST_INSTANCE_PORT (3101),
// CLUSTER_REDIS_PORT (6380), CLUSTER_CLICKHOUSE_HTTP_PORT (8124), CLUSTER_CLICKHOUSE_TCP_PORT
// (9101), CLUSTER_CLICKHOUSE_INTERSERVER_PORT (9201) (each the first shard's, the second
// shard's the next), CLUSTER_WAREHOUSES (clickhouse, or duckdb), CLUSTER_DATABASE
// (brandboard_cluster), CLUSTER_DIR (.cluster),
// REDIS_PREFIX (brandboard-cluster); CLUSTER_SKIP_WEB_BUILD=true keeps the web app built.
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { buildWebApp, ensureNodeModules } from '../ensureDependencies.mjs';
import { ensureSupportedNode } from '../supportedNode.mjs';
import { ensureDatabaseServers, ensureNginx } from '../ensureServices.mjs';
import { NGINX_FOLDERS, nginxConfig } from './nginxConfig.mjs';
import { registerClickhouseSource } from './clickhouseDemoSource.mjs';
import {
  CLICKHOUSE_CLUSTER,
  DEMO_DATABASE,
  DISTRIBUTED_TABLE,
  loadDemoFlights,
  SHARDS,
  shardPingUrl,
  shardPorts,
  shardUsersDir,
  startClickhouseShards,
} from './clickhouseShards.mjs';
import { adminQuery } from './postgresAdmin.mjs';
import { Processes, waitForRedis, waitUntilHealthy } from './processes.mjs';

const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 3);
const PORT = Number(process.env.CLUSTER_PORT ?? 8080);
const DIR = resolve(process.env.CLUSTER_DIR ?? '.cluster');
const FIRST_INSTANCE_PORT = Number(process.env.CLUSTER_FIRST_INSTANCE_PORT ?? 3101);
const DATABASE = process.env.CLUSTER_DATABASE ?? 'brandboard_cluster';
const REDIS_PORT = Number(process.env.CLUSTER_REDIS_PORT ?? 6380);
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const CLICKHOUSE = {
  httpPort: Number(process.env.CLUSTER_CLICKHOUSE_HTTP_PORT ?? 8124),
  tcpPort: Number(process.env.CLUSTER_CLICKHOUSE_TCP_PORT ?? 9101),
  interserverPort: Number(process.env.CLUSTER_CLICKHOUSE_INTERSERVER_PORT ?? 9201),
};
/** Where tenants' warehouses live: `clickhouse` (the first shard, shared) or `duckdb` (files). */
const WAREHOUSES = process.env.CLUSTER_WAREHOUSES || 'clickhouse';
const shardHttpPorts = Array.from({ length: SHARDS }, (_, i) => shardPorts(CLICKHOUSE, i).httpPort);
/** The first start seeds the demo warehouse (3M flights) before it answers. */
const FIRST_START_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 120_000;

if (!Number.isInteger(INSTANCES) || INSTANCES < 1) {
  throw new Error('CLUSTER_INSTANCES must be 1 or more.');
}
if (!['clickhouse', 'duckdb'].includes(WAREHOUSES)) {
  throw new Error('CLUSTER_WAREHOUSES must be clickhouse or duckdb.');
}
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) {
  throw new Error('CLUSTER_DATABASE must be lower-case letters, digits and _.');
}

/** A secret kept in the cluster folder, made on the first run (APP_SECRET, DEMO_PASSWORD). */
function keptSecret(name, given) {
  if (given) return given;
  const file = join(DIR, name);
  if (!existsSync(file))
    writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function ensureDatabase() {
  const found = await adminQuery('select 1 from pg_database where datname = $1', [DATABASE]);
  if (found.rowCount === 0) await adminQuery(`create database ${DATABASE}`);
}

/**
 * How server/start.ts sizes libuv's pool, loaded once (after npm packages are there): an
 * instance started with it is the server itself (its pid is the instance's), not a wrapper.
 */
async function loadPoolSizing() {
  const { tsImport } = await import('tsx/esm/api');
  const pool = await tsImport('../../server/engines/duckdbThreadPool.ts', import.meta.url);
  const { requestedQuerySlots } = await tsImport('../../server/config.ts', import.meta.url);
  return (env) => pool.withThreadPoolSize(env, requestedQuerySlots(env));
}

/** An instance's environment, its libuv pool sized by `withPool`. */
function instanceEnv(index, shared, withPool) {
  const env = {
    ...process.env,
    ...shared,
    PORT: String(FIRST_INSTANCE_PORT + index),
    HOST: '127.0.0.1',
    DATA_DIR: join(DIR, `instance-${index + 1}`),
  };
  return withPool(env);
}

/**
 * DuckDB warehouses: the demo warehouse is seeded once, by the first instance, into its
 * DATA_DIR; the others get a copy before they start (a tenant's warehouse is a file of the
 * instance serving it).
 */
function copyWarehouses(fromIndex, toIndex) {
  const from = join(DIR, `instance-${fromIndex + 1}`, 'warehouses');
  const to = join(DIR, `instance-${toIndex + 1}`, 'warehouses');
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((name) => name.endsWith('.duckdb'))) {
    if (!existsSync(join(to, file))) copyFileSync(join(from, file), join(to, file));
  }
}

function hasIpv6Loopback() {
  return Object.values(networkInterfaces())
    .flat()
    .some((address) => address?.family === 'IPv6' && address.internal);
}

const processes = new Processes(join(DIR, 'logs'));
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster…');
  await processes.stopAll();
  process.exit(code);
}

async function main() {
  ensureSupportedNode();
  ensureNodeModules();
  ensureDatabaseServers();
  const nginx = ensureNginx();
  for (const folder of ['logs', 'redis', ...NGINX_FOLDERS]) {
    mkdirSync(join(DIR, folder), { recursive: true });
  }
  await ensureDatabase();
  if (process.env.CLUSTER_SKIP_WEB_BUILD !== 'true') buildWebApp();

  const shared = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
    REDIS_URL,
    REDIS_PREFIX: process.env.REDIS_PREFIX || 'brandboard-cluster',
    APP_SECRET: keptSecret('app-secret', process.env.APP_SECRET),
    DEMO_PASSWORD: keptSecret('demo-password', process.env.DEMO_PASSWORD),
    BASE_DOMAIN: 'localhost',
    PUBLIC_URL: `http://localhost:${PORT}`,
    // nginx reaches the instances from 127.0.0.1: its X-Forwarded-For is the client's address.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  processes.start('redis', 'redis-server', [
    '--port',
    String(REDIS_PORT),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    join(DIR, 'redis'),
  ]);
  await waitForRedis(REDIS_PORT, START_TIMEOUT_MS);

  const clickhouse = startClickhouseShards(processes, DIR, CLICKHOUSE);
  for (let shard = 0; shard < SHARDS; shard++) {
    await waitUntilHealthy(shardPingUrl(CLICKHOUSE, shard), START_TIMEOUT_MS);
  }
  await loadDemoFlights(DIR, CLICKHOUSE, clickhouse, console.log);
  // The instances may reach the shards on loopback (a source's host is checked).
  const allowed = shardHttpPorts.map((port) => `127.0.0.1:${port}`);
  if (process.env.DATASOURCE_ALLOWED_HOSTS) allowed.unshift(process.env.DATASOURCE_ALLOWED_HOSTS);
  shared.DATASOURCE_ALLOWED_HOSTS = allowed.join(',');
  if (WAREHOUSES === 'clickhouse') {
    // Every tenant's warehouse a database of the first shard, written by its administrator;
    // the tenants' users (ClickHouse 18.16: XML files) go to the users.d it reads.
    shared.WAREHOUSE_URL = `clickhouse://default:${encodeURIComponent(clickhouse.admin)}@127.0.0.1:${shardHttpPorts[0]}`;
    shared.WAREHOUSE_USERS_DIR = shardUsersDir(DIR, 0);
  } else {
    shared.WAREHOUSE_URL = '';
  }

  const withPool = await loadPoolSizing();
  const startInstance = (index) =>
    processes.start(
      `instance-${index + 1}`,
      process.execPath,
      ['--import', 'tsx', 'server/start.ts'],
      {
        env: instanceEnv(index, shared, withPool),
      },
    );
  const health = (index) => `http://127.0.0.1:${FIRST_INSTANCE_PORT + index}/api/v1/health`;

  const all = Array.from({ length: INSTANCES }, (_, i) => i);
  if (WAREHOUSES === 'clickhouse') {
    // Nothing of a tenant on an instance's disk: all start at once. The migrations and the
    // first-start seed (the demo warehouse into ClickHouse) each run under a lock of the
    // store, so one instance seeds and the others wait for it and find it seeded.
    console.log(`Starting ${INSTANCES} instances (the first start seeds the demo data)…`);
    for (const index of all) startInstance(index);
    await Promise.all(all.map((index) => waitUntilHealthy(health(index), FIRST_START_TIMEOUT_MS)));
  } else {
    // The first instance seeds the demo warehouse into its folder; the others start with a copy.
    console.log(`Starting instance 1 of ${INSTANCES} (the first start seeds the demo data)…`);
    startInstance(0);
    await waitUntilHealthy(health(0), FIRST_START_TIMEOUT_MS);
    const others = all.slice(1);
    for (const index of others) {
      copyWarehouses(0, index);
      startInstance(index);
    }
    await Promise.all(others.map((index) => waitUntilHealthy(health(index), START_TIMEOUT_MS)));
  }

  const configFile = join(DIR, 'nginx', 'nginx.conf');
  const instancePorts = Array.from({ length: INSTANCES }, (_, i) => FIRST_INSTANCE_PORT + i);
  writeFileSync(
    configFile,
    nginxConfig({
      dir: DIR,
      listenPort: PORT,
      instancePorts,
      uploadMaxMb: Number(process.env.UPLOAD_MAX_MB || 200),
      ipv6: hasIpv6Loopback(),
      baseDomain: shared.BASE_DOMAIN,
      tenantAffinity: WAREHOUSES === 'duckdb',
    }),
  );
  processes.start('nginx', nginx, ['-c', configFile, '-p', join(DIR, 'nginx')]);
  await waitUntilHealthy(`http://127.0.0.1:${PORT}/api/v1/health`, START_TIMEOUT_MS);
  const registered = await registerClickhouseSource(`http://127.0.0.1:${PORT}`, {
    password: shared.DEMO_PASSWORD,
    httpPort: shardHttpPorts[0],
    readerPassword: clickhouse.reader,
  });

  console.log(`
Brandboard is running as ${INSTANCES} instances behind nginx:
  http://localhost:${PORT}            platform (admin)
  http://acme.localhost:${PORT}       tenant Acme Analytics (admin, editor, viewer)
Password of every seeded user: ${shared.DEMO_PASSWORD}
Instances: ${instancePorts.map((port) => `127.0.0.1:${port}`).join(', ')}; PostgreSQL database ${DATABASE}; Redis ${REDIS_URL}
ClickHouse shards (cluster ${CLICKHOUSE_CLUSTER}): ${shardHttpPorts.map((port) => `http://127.0.0.1:${port}`).join(', ')}; \
table ${DEMO_DATABASE}.${DISTRIBUTED_TABLE} (Distributed), acme's source ${registered.sourceId}, dataset ${registered.datasetId}
Warehouses: ${WAREHOUSES === 'clickhouse' ? `ClickHouse, databases of ${shardHttpPorts[0]} (any instance serves any tenant)` : 'DuckDB files of each instance (nginx keeps a tenant on one)'}
ClickHouse users: default (administrator) and brandboard_reader; passwords in ${join(DIR, 'clickhouse', 'credentials.json')}
Logs: ${join(DIR, 'logs')}
Press Ctrl+C to stop.`);
}

main().catch(async (error) => {
  console.error(error.message);
  await stopAll(1);
});
