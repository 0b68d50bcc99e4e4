// `npm run cluster` started from code (its test, the instances benchmark): on ports, a
// PostgreSQL database, Redis and ClickHouse ports and a folder of the caller's own, dropped after.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery } from './postgresAdmin.mjs';

const READY_LINE = 'Press Ctrl+C to stop.';

/**
 * Starts the cluster script with `instances` instances and `env` added; resolves once it
 * printed its URLs. `stop()` sends Ctrl+C, waits for the exit code, drops the database and
 * the folder.
 */
export async function startClusterProcess({ instances, env = {}, timeoutMs = 300_000 }) {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-cluster-'));
  const port = randomInt(20_000, 40_000);
  const database = `brandboard_cluster_test_${randomBytes(6).toString('hex')}`;
  const child = spawn(process.execPath, ['scripts/cluster/cluster.mjs'], {
    env: {
      ...process.env,
      CLUSTER_INSTANCES: String(instances),
      CLUSTER_DIR: dir,
      CLUSTER_PORT: String(port),
      CLUSTER_FIRST_INSTANCE_PORT: String(port + 1),
      CLUSTER_REDIS_PORT: String(port + 100),
      CLUSTER_CLICKHOUSE_HTTP_PORT: String(port + 200),
      CLUSTER_CLICKHOUSE_TCP_PORT: String(port + 300),
      CLUSTER_CLICKHOUSE_INTERSERVER_PORT: String(port + 400),
      CLUSTER_DATABASE: database,
      CLUSTER_SKIP_WEB_BUILD: 'true',
      REDIS_PREFIX: `cluster-${randomBytes(6).toString('hex')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanUp = async () => {
    await adminQuery(`drop database if exists ${database} with (force)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    const code = await exited;
    await cleanUp();
    return code;
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(READY_LINE)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The cluster did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    dir,
    port,
    base: `http://127.0.0.1:${port}`,
    instanceUrl: (index) => `http://127.0.0.1:${port + 1 + index}`,
    clickhouseUrl: (shard) => `http://127.0.0.1:${port + 200 + shard}`,
    output: () => output,
    stop,
  };
}
