// `npm test`: lint, build, then the server, unit, API, browser and cluster suites, each in its
// own Vitest run so they do not compete for the two cores. Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { buildWebApp, ensureNodeModules } from './ensureDependencies.mjs';
import { ensureChromium, ensureDatabaseServers, ensureNginx } from './ensureServices.mjs';
import { ensureSupportedNode } from './supportedNode.mjs';

ensureSupportedNode();
ensureNodeModules();
ensureChromium();
ensureDatabaseServers();
ensureNginx();

const totals = { passed: 0, failed: 0, skipped: 0 };
/** "suite: file > test" of every failed test, repeated above the totals (the log's tail). */
const failures = [];

function failedTestsOf(project, report) {
  return report.testResults.flatMap((file) => {
    const path = file.name.slice(file.name.indexOf('tests/'));
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [`${project}: ${path} (did not run)`];
    return failed.map((test) => `${project}: ${path} > ${test.fullName}`);
  });
}

function runStep(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

const lintOk = runStep('lint (eslint, prettier, tsc)', 'npm', ['run', '--silent', 'lint']);
totals[lintOk ? 'passed' : 'failed'] += 1;
if (!lintOk) failures.push('lint: eslint, prettier or tsc (see above)');

buildWebApp();

mkdirSync('tests/.tmp', { recursive: true });
for (const project of ['server', 'unit', 'api', 'e2e', 'cluster']) {
  const output = `tests/.tmp/${project}-results.json`;
  const ok = runStep(`${project} tests`, 'npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  if (!existsSync(output)) {
    totals.failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  failures.push(...failedTestsOf(project, report));
  // A suite that failed to load has no failed tests but still fails the run.
  if (!ok && report.numFailedTests === 0) totals.failed += 1;
}

if (failures.length > 0)
  console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 ? 0 : 1);
