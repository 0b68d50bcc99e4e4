import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAccount, FileRefused, importAccount, type Server } from '../../../cli/asCodeClient';
import { addAccount, addUser } from '../authFixtures';
import {
  addWarehouseDataset,
  createChart,
  SALES_FIELDS,
  startChartsServer,
  tabbedDashboardBody,
  type ChartsServer,
} from '../chartsHarness';
import { api, login, type Session } from '../harness';

// Dashboards as code through the CLI's client over the real server with API tokens: export
// from acme, import into an account with only a data source of the same name, export again
// (the same files); a second import changes nothing; a broken file is refused with its line;
// a dry run writes nothing.

let ctx: ChartsServer;
let acme: Server;
let initech: Server;
const dirs: string[] = [];

async function apiToken(session: Session): Promise<string> {
  const answer = await api(ctx.base, session, 'POST', '/api/v1/tokens', { label: 'bb' });
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bb-'));
  dirs.push(dir);
  return dir;
};

/** Every file under `dir` with its text, by path. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of readdirSync(dir)) {
    for (const name of readdirSync(join(dir, folder))) {
      files[`${folder}/${name}`] = readFileSync(join(dir, folder, name), 'utf8');
    }
  }
  return files;
}

const countOf = async (table: 'charts' | 'dashboards' | 'datasets', accountId: number) =>
  (
    await ctx.server.app.db
      .selectFrom(table)
      .select('id')
      .where('account_id', '=', accountId)
      .execute()
  ).length;

let initechId: number;

beforeAll(async () => {
  ctx = await startChartsServer();
  const chart = await createChart(ctx.base, ctx.acme, 'Sales by region');
  const other = await createChart(ctx.base, ctx.acme, 'Sales: by region!');
  // On two tabs, with a heading and translations: all of them make the round trip too.
  const translations = { fr: { name: 'Aperçu des ventes' }, ar: { name: 'نظرة عامة' } };
  const board = { ...tabbedDashboardBody([chart.id, other.id], 'Sales overview'), translations };
  const created = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', board);
  expect(created.status).toBe(200);
  acme = { url: ctx.base, token: await apiToken(ctx.acme.admin), site: 'acme' };

  // An empty account but for a source named as acme's, over a table of the same shape.
  initechId = await addAccount(ctx.server, 'initech');
  await addUser(ctx.server, initechId, { username: 'admin', role: 'admin' });
  await ctx.server.app.sourceConnectors.withWarehouse(initechId, (warehouse) =>
    warehouse.withConnection((connection) =>
      connection.run('create table sales (day timestamp, region varchar, amount double)'),
    ),
  );
  const placeholder = await addWarehouseDataset(ctx.server, initechId, {
    name: 'placeholder',
    table: 'sales',
    fields: SALES_FIELDS,
    sourceName: 'Warehouse',
  });
  await ctx.server.app.db.deleteFrom('datasets').where('id', '=', placeholder).execute();
  const admin = await login(ctx.base, 'initech', 'admin');
  initech = { url: ctx.base, token: await apiToken(admin), site: 'initech' };
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await ctx?.close();
});

describe('dashboards as code', () => {
  it('exports, imports into an empty account and exports the same files again', async () => {
    const first = freshDir();
    const written = await exportAccount(acme, first);
    expect(written).toEqual([
      'datasets/sales.yaml',
      'charts/sales-by-region.yaml',
      'charts/sales-by-region-2.yaml',
      'dashboards/sales-overview.yaml',
    ]);
    const dashboardFile = readFileSync(join(first, 'dashboards/sales-overview.yaml'), 'utf8');
    expect(dashboardFile).toContain('chart: sales-by-region-2');
    expect(dashboardFile).not.toContain('chartId');
    expect(dashboardFile).toContain('title: Overview');
    expect(dashboardFile).toContain('tabId: details');
    expect(dashboardFile).toContain('heading: By region');
    expect(dashboardFile).toContain('name: Aperçu des ventes');

    const dry = await importAccount(initech, first, { dryRun: true });
    expect(dry.results.map((result) => result.outcome)).toEqual([
      'created',
      'created',
      'created',
      'created',
    ]);
    expect(await countOf('datasets', initechId)).toBe(0);

    const imported = await importAccount(initech, first, { dryRun: false });
    expect(imported.results).toEqual(dry.results);
    expect(await countOf('charts', initechId)).toBe(2);

    const again = await importAccount(initech, first, { dryRun: false });
    expect(again.results.map((result) => result.outcome)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);

    const second = freshDir();
    await exportAccount(initech, second);
    expect(filesOf(second)).toEqual(filesOf(first));
    const copied = await ctx.server.app.db
      .selectFrom('dashboards')
      .select('translations_json')
      .where('account_id', '=', initechId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(copied.translations_json ?? '{}')).toEqual({
      fr: { name: 'Aperçu des ventes' },
      ar: { name: 'نظرة عامة' },
    });
  });

  it('tells a changed file, and writes nothing on a dry run', async () => {
    const dir = freshDir();
    await exportAccount(initech, dir);
    const path = join(dir, 'dashboards/sales-overview.yaml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('refreshSeconds: 0', 'refreshSeconds: 60'),
    );
    const dry = await importAccount(initech, dir, { dryRun: true });
    expect(dry.results.at(-1)).toEqual({
      path: 'dashboards/sales-overview.yaml',
      outcome: 'changed',
    });
    const refreshOf = async () =>
      (
        await ctx.server.app.db
          .selectFrom('dashboards')
          .select('refresh_seconds')
          .where('account_id', '=', initechId)
          .executeTakeFirstOrThrow()
      ).refresh_seconds;
    expect(await refreshOf()).toBe(0);
    const done = await importAccount(initech, dir, { dryRun: false });
    expect(done.results.at(-1)?.outcome).toBe('changed');
    expect(await refreshOf()).toBe(60);
    expect((await importAccount(initech, dir, { dryRun: false })).results.at(-1)?.outcome).toBe(
      'unchanged',
    );
  });

  it('refuses a file it cannot read with its line and the reason, writing nothing', async () => {
    const dir = freshDir();
    await exportAccount(acme, dir);
    const chartPath = join(dir, 'charts/sales-by-region.yaml');
    const text = readFileSync(chartPath, 'utf8');
    const lines = text.split('\n');
    const typeLine = lines.findIndex((line) => /^ {2}type: /.test(line));
    lines[typeLine] = '  type: pie-in-the-sky';
    writeFileSync(chartPath, lines.join('\n'));
    const charts = await countOf('charts', initechId);
    const refused = await importAccount(initech, dir, { dryRun: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FileRefused);
    expect(refused).toMatchObject({ path: 'charts/sales-by-region.yaml', line: typeLine + 1 });
    expect((refused as FileRefused).reason).toMatch(/^spec\.type: /);

    writeFileSync(chartPath, 'kind: chart\nname: [unclosed\n');
    const broken = await importAccount(initech, dir, { dryRun: false }).catch((e: unknown) => e);
    expect(broken).toMatchObject({ path: 'charts/sales-by-region.yaml', line: 3 });
    expect(await countOf('charts', initechId)).toBe(charts);
  });

  it('publishes the JSON Schema of the files, linked from the API document', async () => {
    const schema = await api(ctx.base, null, 'GET', '/api/v1/as-code/schema.json');
    expect(schema.status).toBe(200);
    const text = JSON.stringify(schema.body);
    for (const kind of ['dataset', 'chart', 'dashboard'])
      expect(text).toContain(`"const":"${kind}"`);
    const document = await api(ctx.base, null, 'GET', '/api/docs/json');
    expect(JSON.stringify(document.body)).toContain('/api/v1/as-code/schema.json');
  });

  it('runs as `npm run bb`: the CLI reports each file, and a refusal with its line', async () => {
    const dir = freshDir();
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/bb.ts', ...args], {
        env: { ...process.env, BB_URL: ctx.base, BB_TOKEN: initech.token, BB_SITE: 'initech' },
      });
    const exported = await run(['export', '--dir', dir]);
    expect(exported.stdout).toContain('wrote dashboards/sales-overview.yaml');
    const imported = await run(['import', '--dir', dir, '--dry-run']);
    expect(imported.stdout).toContain('(dry run) unchanged dashboards/sales-overview.yaml');
    writeFileSync(join(dir, 'datasets/sales.yaml'), 'kind: dataset\nid: Not A Slug\n');
    const refused = await run(['import', '--dir', dir]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(
      /^refused datasets\/sales\.yaml:2: id: /,
    );
  });
});
