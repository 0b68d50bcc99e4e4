import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEmbedSecret } from '../../../common/api/embeds';
import type { ChartSpec } from '../../../common/charts';
import { addUser } from '../authFixtures';
import { createDashboard, type ChartsServer } from '../chartsHarness';
import { api, login, type Session } from '../harness';
import { signEmbed, startEmbedServer, type EmbedServer } from '../embeds/embedFixture';

// A pivot chart of acme's Sales (North 10 and 20 and South 5 in January, South 40 in
// February, East 7 in March): regions down, months across, the sum of amount and a count in
// each. Saved, exported to XLSX in its layout, run through a share link and an embed, each
// under the region policy of the embed fixture (a viewer sees the regions they carry).

let embed: EmbedServer;
let ctx: ChartsServer;
let north: Session;
let chartId: number;
let secret: CreatedEmbedSecret;

function pivotSpec(datasetId: number, columns = ['day']): ChartSpec {
  return {
    type: 'pivot',
    title: 'Sales by region and month',
    query: {
      datasetId,
      dimensions: [{ field: 'region' }, { field: 'day', grain: 'month' }],
      measures: [
        { field: 'amount', agg: 'sum' },
        { field: '*', agg: 'count' },
      ],
      filters: [],
      sort: [],
    },
    encoding: {},
    options: {
      numberFormat: 'currency:USD',
      pivot: { columns, totals: true, subtotals: true, colorScale: true },
    },
  };
}

async function exportXlsx(session: Session) {
  const answer = await fetch(`${ctx.base}/api/v1/aicharts/${chartId}/export`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'xlsx' }),
  });
  expect(answer.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await answer.arrayBuffer()) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => values[index + 1] ?? null));
  });
  return { sheet, rows };
}

/** The grand total's cells of a pivot answer: the row that totals over every dimension. */
function grandTotal(answer: { columns: { name: string }[]; rows: unknown[][] }) {
  const grouping = answer.columns.findIndex((column) => column.name === '__grouping');
  return answer.rows.find((row) => row[grouping] === 3)?.slice(2, 4);
}

beforeAll(async () => {
  embed = await startEmbedServer();
  ctx = embed.ctx;
  secret = embed.acmeSecret;
  const { id } = await addUser(ctx.server, ctx.acme.accountId, {
    username: 'north',
    role: 'viewer',
  });
  const attributes = { regions: ['North'] };
  const set = await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, { attributes });
  expect(set.status).toBe(200);
  north = await login(ctx.base, 'acme', 'north');
  const chart = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
    datasetId: ctx.acme.datasetId,
    name: 'Region by month',
    spec: pivotSpec(ctx.acme.datasetId),
  });
  expect(chart.status).toBe(200);
  chartId = (chart.body as { id: number }).id;
});
afterAll(async () => {
  await embed?.close();
});

describe('a pivot chart', () => {
  it('is refused when it lays across a field that is not one of its dimensions', async () => {
    const answer = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: ctx.acme.datasetId,
      name: 'Broken pivot',
      spec: pivotSpec(ctx.acme.datasetId, ['amount']),
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('spec.options.pivot.columns.0');
  });

  it('is refused with more measures than a pivot takes, naming them', async () => {
    const spec = pivotSpec(ctx.acme.datasetId);
    const measures = Array.from({ length: 11 }, (_, index) => ({
      field: 'amount',
      agg: index % 2 ? 'sum' : 'avg',
    }));
    const answer = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: ctx.acme.datasetId,
      name: 'Too wide',
      spec: { ...spec, query: { ...spec.query, measures } },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('spec.query.measures');
  });

  it('exports to XLSX in its layout: merged month headers, label column, bold totals, numbers', async () => {
    const { sheet, rows } = await exportXlsx(ctx.acme.admin);
    expect(sheet.name).toBe('Region by month');
    expect(rows).toEqual([
      [
        null,
        '2024-01-01',
        '2024-01-01',
        '2024-02-01',
        '2024-02-01',
        '2024-03-01',
        '2024-03-01',
        'Total',
        'Total',
      ],
      [
        'Region',
        'Sum of Amount',
        'Count',
        'Sum of Amount',
        'Count',
        'Sum of Amount',
        'Count',
        'Sum of Amount',
        'Count',
      ],
      ['East', null, null, null, null, 7, 1, 7, 1],
      ['North', 30, 2, null, null, null, null, 30, 2],
      ['South', 5, 1, 40, 1, null, null, 45, 2],
      ['Total', 35, 3, 40, 1, 7, 1, 82, 5],
    ]);
    expect(sheet.model.merges).toEqual(
      expect.arrayContaining(['B1:C1', 'D1:E1', 'F1:G1', 'H1:I1']),
    );
    expect(typeof sheet.getCell('B4').value).toBe('number');
    expect(sheet.getCell('B4').numFmt).toBe('"$"#,##0.00');
    expect(sheet.getCell('B4').font?.bold).toBeFalsy();
    expect(sheet.getCell('H4').font?.bold).toBe(true);
    expect(sheet.getCell('A6').font?.bold).toBe(true);
    expect(sheet.getCell('B6').font?.bold).toBe(true);
  });

  it("gives a held viewer's export only their rows, in the totals too", async () => {
    const { rows } = await exportXlsx(north);
    expect(rows).toEqual([
      [null, '2024-01-01', '2024-01-01', 'Total', 'Total'],
      ['Region', 'Sum of Amount', 'Count', 'Sum of Amount', 'Count'],
      ['North', 30, 2, 30, 2],
      ['Total', 30, 2, 30, 2],
    ]);
  });

  it('runs as a pivot in an embed under the token’s regions', async () => {
    const token = await signEmbed(secret, { chartId, attributes: { regions: ['South'] } });
    const headers = { site: 'acme', authorization: `Bearer ${token}` };
    const answer = await api(
      ctx.base,
      null,
      'POST',
      `/api/v1/embed/charts/${chartId}/query`,
      {},
      headers,
    );
    expect(answer.status).toBe(200);
    const body = answer.body as { columns: { name: string }[]; rows: unknown[][] };
    expect(body.columns.map((column) => column.name)).toEqual([
      'region',
      'day',
      'sum_amount',
      'count',
      '__grouping',
    ]);
    expect(grandTotal(body)).toEqual([45, 2]);
  });

  it("runs as a pivot on a shared dashboard under the link's regions, with its filter values", async () => {
    const dashboard = await createDashboard(ctx.base, ctx.acme, [chartId], 'Pivot');
    const link = await api(
      ctx.base,
      ctx.acme.admin,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
      { label: 'Pivot', attributes: { regions: ['North', 'South'] } },
    );
    expect(link.status).toBe(200);
    const token = (link.body as { token: string }).token;
    const headers = { site: 'acme', authorization: `Bearer ${token}` };
    const path = `/api/v1/share/dashboards/${dashboard.id}/query`;
    const all = await api(ctx.base, null, 'POST', path, { chartId }, headers);
    expect(all.status).toBe(200);
    expect(grandTotal(all.body as never)).toEqual([75, 4]);
    const filtered = await api(
      ctx.base,
      null,
      'POST',
      path,
      { chartId, filters: [{ filterId: 'region', value: ['North', 'East'] }] },
      headers,
    );
    expect(filtered.status).toBe(200);
    expect(grandTotal(filtered.body as never)).toEqual([30, 2]);
  });
});
