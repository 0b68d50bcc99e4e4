// `npm run bench`: runs the benchmarks (bench/run.ts, through tsx) and prints the summaries
// they wrote to bench/results/SUMMARY*.md. Exits non-zero when a figure misses its budget.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNodeModules } from './ensureDependencies.mjs';
import { ensureSupportedNode } from './supportedNode.mjs';

ensureSupportedNode();
ensureNodeModules();
const startedAt = Date.now();
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
const RESULTS = 'bench/results';
// Print only the summaries this run wrote (a run that broke off leaves older ones behind).
const written = existsSync(RESULTS) ? readdirSync(RESULTS) : [];
for (const name of written.filter((file) => /^SUMMARY.*\.md$/.test(file)).sort()) {
  const summary = join(RESULTS, name);
  if (statSync(summary).mtimeMs >= startedAt) console.log(`\n${readFileSync(summary, 'utf8')}`);
}
process.exit(run.status ?? 1);
