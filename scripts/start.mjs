// `npm start`: install what is missing, build the web app, then serve web app and API.
import { spawn } from 'node:child_process';
import { buildWebApp, ensureNodeModules } from './ensureDependencies.mjs';
import { ensureSupportedNode } from './supportedNode.mjs';

ensureSupportedNode();
ensureNodeModules();
buildWebApp();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
