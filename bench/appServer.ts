import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { warehouseFile } from '../server/engines/duckdb/warehouse';
import { openWarehouseCount } from '../server/engines/duckdb/warehouseRegistry';
import { sharedResultCacheBudget } from '../server/query/resultCacheBudget';
import { nowIso } from '../server/db/schema';
import { issueSession } from '../server/features/auth/repository';
import { BENCH_PASSWORD } from './benchApi';
import { processFootprint } from './processFootprint';
import { announceReady, serveCommands } from './childProtocol';

// The real Brandboard server for the benchmark, in its own process: production settings
// (scrypt cost, cache, limits), a temporary DATA_DIR with acme's demo warehouse (3M flights).
// Besides HTTP it answers the runner's commands: cache settings, source execution counts,
// the server-side time of /query answers, a consistent copy of acme's warehouse file, and the
// counts of open warehouses and cached result bytes.

const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_PASSWORD: BENCH_PASSWORD,
  BASE_DOMAIN: 'localhost',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  // The delivery bench renders dashboards: it names the built web app.
  WEB_DIR: process.env.BENCH_WEB_DIR ?? join(dataDir, 'no-web-build'),
});
const app = await buildApp(config, { seedDemoWarehouse: true, logger: false });

// Fastify's own request-to-response time of each /query and /query/pivot answer, while recording.
let queryTimings: number[] | null = null;
app.addHook('onResponse', async (request, reply) => {
  const timedUrl = request.url === '/api/v1/query' || request.url === '/api/v1/query/pivot';
  if (queryTimings && timedUrl && reply.statusCode === 200) {
    queryTimings.push(reply.elapsedTime);
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

async function acmeAccountId(): Promise<number> {
  const account = await app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  return account.id;
}

/**
 * An admin of the account `site` and a session of theirs, written to the store: thousands of
 * tenants need one each, and a sign-in's scrypt would time the benchmark's set-up instead.
 */
async function tenantAdminSession(site: string): Promise<string> {
  const account = await app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', site)
    .executeTakeFirstOrThrow();
  const user = await app.db
    .insertInto('users')
    .values({
      account_id: account.id,
      username: 'admin',
      full_name: 'Bench Admin',
      email: `admin@${site}.example`,
      role: 'admin',
      active: 1,
      password_hash: 'no sign-in: a session is written for the benchmark',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return issueSession(app.db, user.id, account.id, 86_400_000);
}

serveCommands({
  tenantAdminSession: (args) => tenantAdminSession((args as { site: string }).site),
  footprint: () => processFootprint(),
  configureCache: (args) => {
    const { cacheTtlMs } = args as { cacheTtlMs: number };
    app.queryEngine.configure({ cacheTtlMs });
  },
  executions: async (args) => {
    const { sourceId } = args as { sourceId: number };
    return app.queryEngine.stats.executions(await acmeAccountId(), sourceId);
  },
  recordQueryTimings: () => {
    queryTimings = [];
  },
  takeQueryTimings: () => {
    const taken = queryTimings ?? [];
    queryTimings = null;
    return taken;
  },
  /** Checkpoints acme's warehouse (no WAL left behind), then copies its file to `to`. */
  copyWarehouse: async (args) => {
    const { to } = args as { to: string };
    const accountId = await acmeAccountId();
    await app.sourceConnectors.withWarehouse(accountId, async (warehouse) => {
      await warehouse.withConnection((connection) => connection.run('CHECKPOINT'));
      const file = warehouseFile(dataDir, accountId);
      if (existsSync(`${file}.wal`)) throw new Error('The warehouse still has a WAL file.');
      copyFileSync(file, to);
    });
  },
  /** Open DuckDB warehouses and bytes of cached results of all tenants (tenant benches). */
  cacheCounts: () => ({
    openWarehouses: openWarehouseCount(),
    resultCacheBytes: sharedResultCacheBudget.bytes,
  }),
  close: async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});
announceReady(`http://127.0.0.1:${port}`);
