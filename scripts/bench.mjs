// `npm run bench`: runs the benchmarks (bench/run.ts, through tsx) and prints the summary
// they wrote to bench/results/SUMMARY.md. Exits non-zero when a figure misses its budget.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
const only = process.argv[2];
const summary = `bench/results/${['tenants', 'instances', 'clickhouse', 'rollups'].includes(only) ? `SUMMARY-${only}.md` : 'SUMMARY.md'}`;
// Print only a summary this run wrote (a run that broke off leaves an older one behind).
if (existsSync(summary) && statSync(summary).mtimeMs >= startedAt) {
  console.log(`\n${readFileSync(summary, 'utf8')}`);
}
process.exit(run.status ?? 1);
