import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import {
  DashboardRenderer,
  RenderTimeout,
} from '../../../server/features/delivery/dashboardRenderer';
import { findAccountIdentity } from '../../../server/mail/accountName';
import { siteOrigin } from '../../../server/mail/publicUrls';
import { addUser } from '../authFixtures';
import {
  createDashboard,
  salesSpec,
  startChartsServer,
  tabbedDashboardBody,
  type ChartsServer,
} from '../chartsHarness';
import { api, login, type Session } from '../harness';
import { pdfPageTexts } from './pdfPages';

// Exports on demand through the real server and a real Chromium: a dashboard as PDF (it opens,
// its text is selectable and names the dashboard and the tenant, never the platform) and PNG,
// a chart's data as XLSX read back with exceljs; a viewer held by a row policy gets only
// their rows in each.

const WEB_DIR = resolve('dist');
const PLATFORM_NAME = 'Brandboard';

let ctx: ChartsServer;
let north: Session;
let dashboard: Dashboard;
let tableChartId: number;
let tenantName: string;
const scratch = mkdtempSync(join(tmpdir(), 'delivery-exports-'));

async function exportFile(session: Session, path: string, body: object) {
  const answer = await fetch(`${ctx.base}${path}`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: answer.status,
    type: answer.headers.get('content-type'),
    disposition: answer.headers.get('content-disposition'),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

/** The PDF's text as pdftotext reads it, after pdftoppm has rendered its first page. */
function pdfText(pdf: Buffer, name: string): string {
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '1', file, join(scratch, name)]);
  const firstPage = join(scratch, `${name}-1.png`);
  expect(existsSync(firstPage)).toBe(true);
  expect(readFileSync(firstPage).subarray(1, 4).toString()).toBe('PNG');
  return execFileSync('pdftotext', [file, '-']).toString();
}

async function workbookRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html')))
    throw new Error('Build the web app first: npx vite build');
  ctx = await startChartsServer('sqlite', { WEB_DIR, RENDER_CONCURRENCY: '1' });
  tenantName = (await findAccountIdentity(ctx.server.app.db, ctx.acme.accountId)).name;
  const table = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
    datasetId: ctx.acme.datasetId,
    name: 'Sales table',
    spec: {
      ...salesSpec(ctx.acme.datasetId, 'table'),
      options: { numberFormat: 'currency:USD' },
    },
  });
  expect(table.status).toBe(200);
  tableChartId = (table.body as { id: number }).id;
  dashboard = await createDashboard(ctx.base, ctx.acme, [tableChartId], 'Regional sales review');
  const { id } = await addUser(ctx.server, ctx.acme.accountId, {
    username: 'north',
    role: 'viewer',
  });
  const attributes = { region: 'North' };
  expect(
    (await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, { attributes })).status,
  ).toBe(200);
  north = await login(ctx.base, 'acme', 'north');
  const policy = await api(
    ctx.base,
    ctx.acme.editor,
    'POST',
    `/api/v1/datasets/${ctx.acme.datasetId}/policies`,
    {
      field: 'region',
      op: '=',
      attribute: 'region',
    },
  );
  expect(policy.status).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('dashboard export', () => {
  it("renders a PDF that opens, with the dashboard's title and the tenant's name, not the platform's", async () => {
    const answer = await exportFile(ctx.acme.admin, `/api/v1/dashboards/${dashboard.id}/export`, {
      format: 'pdf',
    });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.disposition).toBe('attachment; filename="regional-sales-review.pdf"');
    const text = pdfText(answer.bytes, 'admin');
    expect(text).toContain('Regional sales review');
    expect(text).toContain(tenantName);
    expect(text).not.toContain(PLATFORM_NAME);
    // The table's rows as the admin reads them (no policy holds for admins), as text.
    expect(text).toContain('North');
    expect(text).toContain('South');
    expect(text).toContain('$45.00');
  });

  it("renders a held viewer's PDF with their rows only", async () => {
    const answer = await exportFile(north, `/api/v1/dashboards/${dashboard.id}/export`, {
      format: 'pdf',
    });
    expect(answer.status).toBe(200);
    const text = pdfText(answer.bytes, 'north');
    expect(text).toContain('North');
    expect(text).toContain('$30.00');
    expect(text).not.toContain('South');
    expect(text).not.toContain('East');
  });

  it('renders a PNG of the whole dashboard', async () => {
    const answer = await exportFile(north, `/api/v1/dashboards/${dashboard.id}/export`, {
      format: 'png',
    });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('image/png');
    expect(answer.bytes.subarray(1, 4).toString()).toBe('PNG');
    // The IHDR width: the desktop layout the dashboard is drawn at.
    expect(answer.bytes.readUInt32BE(16)).toBe(1280);
  });

  it('applies the filter values given, and refuses a filter the dashboard lacks', async () => {
    const path = `/api/v1/dashboards/${dashboard.id}/export`;
    const filtered = await exportFile(ctx.acme.admin, path, {
      format: 'pdf',
      filters: [{ filterId: 'region', value: ['East'] }],
    });
    expect(filtered.status).toBe(200);
    const text = pdfText(filtered.bytes, 'east');
    expect(text).toContain('East');
    expect(text).not.toContain('South');

    const unknown = await api(ctx.base, ctx.acme.admin, 'POST', path, {
      format: 'pdf',
      filters: [{ filterId: 'planet', value: ['Mars'] }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'filters.0.filterId' });
    const badFormat = await api(ctx.base, ctx.acme.admin, 'POST', path, { format: 'gif' });
    expect(badFormat.status).toBe(400);
    expect(JSON.stringify(badFormat.body)).toContain('format');
  });

  it("answers 404 for another tenant's dashboard and 401 without a session", async () => {
    const path = `/api/v1/dashboards/${dashboard.id}/export`;
    expect((await api(ctx.base, ctx.globex.editor, 'POST', path, { format: 'pdf' })).status).toBe(
      404,
    );
    expect(
      (await api(ctx.base, null, 'POST', path, { format: 'pdf' }, { site: 'acme' })).status,
    ).toBe(401);
  });
});

describe('a dashboard with tabs', () => {
  let tabbed: Dashboard;

  beforeAll(async () => {
    const column = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: ctx.acme.datasetId,
      name: 'Revenue columns',
      spec: salesSpec(ctx.acme.datasetId, 'column'),
    });
    expect(column.status).toBe(200);
    const body = tabbedDashboardBody([tableChartId, (column.body as { id: number }).id], 'Tabbed');
    body.tabs = [
      { id: 'overview', title: 'Quarter overview' },
      { id: 'details', title: 'Regional details' },
    ];
    const created = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', body);
    expect(created.status).toBe(200);
    tabbed = created.body as Dashboard;
  });

  it("prints each tab on its own pages in tab order, under the tab's title", async () => {
    const answer = await exportFile(ctx.acme.admin, `/api/v1/dashboards/${tabbed.id}/export`, {
      format: 'pdf',
    });
    expect(answer.status).toBe(200);
    const pages = pdfPageTexts(answer.bytes, join(scratch, 'tabbed.pdf'));
    const pageOf = (text: string) => pages.findIndex((page) => page.includes(text));
    const overview = pageOf('Quarter overview');
    const details = pageOf('Regional details');
    expect(overview).toBe(0);
    expect(details).toBeGreaterThan(overview);
    // Each tab's charts under its own title, and not on the other tab's pages.
    expect(pageOf('Sales table')).toBe(overview);
    expect(pageOf('Revenue columns')).toBe(details);
    expect(pages.slice(0, details).join('\n')).not.toContain('Revenue columns');
    expect(pages.slice(details).join('\n')).not.toContain('Sales table');
    expect(pages.slice(details).join('\n')).toContain('By region');
  });

  it('renders the tab asked for as a PNG, and refuses a tab the dashboard lacks', async () => {
    const path = `/api/v1/dashboards/${tabbed.id}/export`;
    const first = await exportFile(ctx.acme.admin, path, { format: 'png' });
    const overview = await exportFile(ctx.acme.admin, path, { format: 'png', tab: 'overview' });
    const details = await exportFile(ctx.acme.admin, path, { format: 'png', tab: 'details' });
    for (const answer of [first, overview, details]) {
      expect(answer.status).toBe(200);
      expect(answer.bytes.subarray(1, 4).toString()).toBe('PNG');
    }
    // The first tab when none is named; the other tab is another picture.
    expect(first.bytes.equals(overview.bytes)).toBe(true);
    expect(details.bytes.equals(overview.bytes)).toBe(false);
    const unknown = await exportFile(ctx.acme.admin, path, { format: 'png', tab: 'nowhere' });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.bytes.toString())).toMatchObject({
      message: 'The dashboard has no tab "nowhere".',
      field: 'tab',
    });
  });
});

describe('the renderer', () => {
  it('launches its browser again after it died', async () => {
    const path = `/api/v1/dashboards/${dashboard.id}/export`;
    expect((await exportFile(north, path, { format: 'png' })).status).toBe(200);
    // The Chromium this test process launched for the renderer, killed as a crash would.
    const browsers = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'chromium'])
      .toString()
      .trim()
      .split('\n');
    expect(browsers.length).toBeGreaterThan(0);
    for (const pid of browsers) process.kill(Number(pid), 'SIGKILL');
    const again = await exportFile(north, path, { format: 'pdf' });
    expect(again.status).toBe(200);
    expect(pdfText(again.bytes, 'restarted')).toContain('Regional sales review');
  });

  it('gives up on a render that takes longer than its limit', async () => {
    const app = ctx.server.app;
    const hurried = new DashboardRenderer(app, { ...app.config.render, timeoutMs: 1 });
    try {
      const { site } = await findAccountIdentity(app.db, ctx.acme.accountId);
      const render = hurried.render({
        site,
        origin: siteOrigin(app.config, site),
        path: `/share/dashboards/${dashboard.id}/not-a-token`,
        format: 'pdf',
      });
      await expect(render).rejects.toBeInstanceOf(RenderTimeout);
    } finally {
      await hurried.close();
    }
  });
});

describe('chart export', () => {
  it("writes the chart's rows as numbers in the chart's format, under its labels", async () => {
    const answer = await exportFile(ctx.acme.admin, `/api/v1/aicharts/${tableChartId}/export`, {
      format: 'xlsx',
    });
    expect(answer.status).toBe(200);
    expect(answer.disposition).toBe('attachment; filename="sales-table.xlsx"');
    const { sheet, rows } = await workbookRows(answer.bytes);
    expect(sheet.name).toBe('Sales table');
    expect(rows).toEqual([
      ['Region', 'Sum of Amount'],
      ['East', 7],
      ['North', 30],
      ['South', 45],
    ]);
    expect(typeof sheet.getCell('B2').value).toBe('number');
    expect(sheet.getCell('B2').numFmt).toBe('"$"#,##0.00');
  });

  it("gives a held viewer only their rows, and applies the dashboard's filter values", async () => {
    const own = await exportFile(north, `/api/v1/aicharts/${tableChartId}/export`, {
      format: 'xlsx',
    });
    expect(own.status).toBe(200);
    expect((await workbookRows(own.bytes)).rows).toEqual([
      ['Region', 'Sum of Amount'],
      ['North', 30],
    ]);
    const onDashboard = await exportFile(
      ctx.acme.admin,
      `/api/v1/aicharts/${tableChartId}/export`,
      {
        format: 'xlsx',
        dashboardId: dashboard.id,
        filters: [{ filterId: 'region', value: ['South', 'East'] }],
      },
    );
    expect((await workbookRows(onDashboard.bytes)).rows).toEqual([
      ['Region', 'Sum of Amount'],
      ['East', 7],
      ['South', 45],
    ]);
  });

  it('writes dates as dates', async () => {
    const byDay = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: ctx.acme.datasetId,
      name: 'Sales by day',
      spec: {
        type: 'table',
        title: 'Sales by day',
        query: {
          datasetId: ctx.acme.datasetId,
          dimensions: [{ field: 'day', grain: 'day' }],
          measures: [{ field: 'amount', agg: 'sum' }],
          filters: [],
          sort: [{ key: 'day', dir: 'asc' }],
        },
        encoding: {},
        options: { dateFormat: 'date' },
      },
    });
    expect(byDay.status).toBe(200);
    const id = (byDay.body as { id: number }).id;
    const answer = await exportFile(ctx.acme.admin, `/api/v1/aicharts/${id}/export`, {
      format: 'xlsx',
    });
    const { sheet } = await workbookRows(answer.bytes);
    const first = sheet.getCell('A2');
    expect(first.value).toBeInstanceOf(Date);
    expect((first.value as Date).toISOString().slice(0, 10)).toBe('2024-01-05');
    expect(first.numFmt).toBe('yyyy-mm-dd');
  });
});
