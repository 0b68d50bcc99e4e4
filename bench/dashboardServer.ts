import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { BENCH_PASSWORD } from './benchApi';
import { announceReady, serveCommands } from './childProtocol';

// The real server for the browser benchmarks, in its own process: production settings, the web
// app built into BENCH_WEB_DIR (default dist/), a fresh DATA_DIR with acme's demo warehouse and its Flights dashboard.
// Every start is a cold server: empty query cache.

const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-bench-web-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_PASSWORD: BENCH_PASSWORD,
  BASE_DOMAIN: 'localhost',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  WEB_DIR: process.env.BENCH_WEB_DIR ?? 'dist',
});
const app = await buildApp(config, { seedDemoWarehouse: true, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveCommands({
  close: async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});
announceReady(`http://localhost:${port}`);
