import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChart,
  createDashboard,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api } from '../harness';

// The CLI installable on its own: `npm pack` in cli/ (which builds it to CommonJS with
// cli/tsconfig.json) gives a tarball holding only the CLI and the file format from common/;
// installed into an empty folder outside the repository, `bb --help` and `bb export` run
// against a real server with an API token.

const run = promisify(execFile);
const CLI_DIR = resolve(__dirname, '../../../cli');

let ctx: ChartsServer;
let token: string;
let work: string;

beforeAll(async () => {
  ctx = await startChartsServer();
  const chart = await createChart(ctx.base, ctx.acme, 'Sales by region');
  await createDashboard(ctx.base, ctx.acme, [chart.id], 'Sales overview');
  const answer = await api(ctx.base, ctx.acme.admin, 'POST', '/api/v1/tokens', { label: 'bb' });
  expect(answer.status).toBe(200);
  token = (answer.body as { token: string }).token;
  work = mkdtempSync(join(tmpdir(), 'bb-package-'));
});
afterAll(async () => {
  if (work) rmSync(work, { recursive: true, force: true });
  await ctx?.close();
});

describe('the CLI package', () => {
  it('packs without the server or web app, installs alone and exports an account', async () => {
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: CLI_DIR,
    });
    const [manifest] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
      filename: string;
      files: { path: string }[];
    }[];
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toContain('dist/cli/bb.js');
    expect(paths).toContain('dist/common/asCode.js');
    expect(
      paths.filter((path) => !/^(package\.json|dist\/(cli|common)\/.+\.js)$/.test(path)),
    ).toEqual([]);

    const install = join(work, 'install');
    await run(
      'npm',
      ['install', '--prefix', install, '--no-audit', '--no-fund', join(work, manifest.filename)],
      { cwd: work },
    );
    const bb = join(install, 'node_modules/.bin/bb');
    const help = await run(bb, ['--help'], { cwd: install });
    expect(help.stdout).toMatch(/^usage: bb export\|import --dir DIR/);
    expect(help.stdout).toContain('--dry-run');

    const out = join(work, 'files');
    const exported = await run(bb, ['export', '--dir', out], {
      cwd: install,
      env: { PATH: process.env.PATH, BB_URL: ctx.base, BB_TOKEN: token, BB_SITE: 'acme' },
    });
    expect(exported.stdout.trim().split('\n')).toEqual([
      `wrote datasets/sales.yaml`,
      `wrote charts/sales-by-region.yaml`,
      `wrote dashboards/sales-overview.yaml`,
    ]);
    expect(readdirSync(join(out, 'dashboards'))).toEqual(['sales-overview.yaml']);
  });
});
