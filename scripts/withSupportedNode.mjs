// `node scripts/withSupportedNode.mjs <command> [args…]`: runs the command (tsx, vitest…)
// under a supported Node.js (scripts/supportedNode.mjs), so the npm scripts that run
// TypeScript directly load the native addons built for it.
import { spawnSync } from 'node:child_process';
import { ensureSupportedNode } from './supportedNode.mjs';

ensureSupportedNode();
const [command, ...args] = process.argv.slice(2);
const run = spawnSync('npx', ['--no-install', command, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
