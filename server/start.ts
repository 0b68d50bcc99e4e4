import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requestedQuerySlots } from './config';
import { withThreadPoolSize } from './engines/duckdbThreadPool';

// The server's entry. libuv sizes its threadpool once, at its first use, and the TypeScript
// loader reads files through it before any of our code runs, so UV_THREADPOOL_SIZE must be in
// the environment the process starts with: when it is not, this entry starts itself again with
// it (the query slots plus a reserve for sign-in and files, engines/duckdbThreadPool.ts).

function restartWithPool(): void {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const env = withThreadPoolSize(process.env, requestedQuerySlots(process.env));
  const server = spawn(process.execPath, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code) => process.exit(code ?? 0));
}

if (process.env.UV_THREADPOOL_SIZE) await import('./main');
else restartWithPool();
