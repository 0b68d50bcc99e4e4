import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import { createDashboard, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';

// Drilling through a share link: the viewer may go down a date's grains and a declared path
// of the chart's dataset, each step narrowing to the value clicked; any other step is a 400,
// and the link's page is told only the fields its charts show and its paths name.

let ctx: ChartsServer;
let dashboard: Dashboard;
let chartId: number;
let token: string;

const byMonth = (datasetId: number) => ({
  type: 'column',
  title: 'Sales by month',
  query: {
    datasetId,
    dimensions: [{ field: 'day', grain: 'month' }],
    measures: [{ field: 'amount', agg: 'sum' }],
    filters: [],
    sort: [],
  },
  encoding: { x: 'day', y: ['sum_amount'] },
  options: {},
});

function sharedQuery(body: object) {
  const headers = { site: 'acme', authorization: `Bearer ${token}` };
  const path = `/api/v1/share/dashboards/${dashboard.id}/query`;
  return api(ctx.base, null, 'POST', path, { chartId, ...body }, headers);
}

beforeAll(async () => {
  ctx = await startChartsServer();
  const { datasetId } = ctx.acme;
  const chart = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
    datasetId,
    name: 'Sales by month',
    spec: byMonth(datasetId),
  });
  expect(chart.status).toBe(200);
  chartId = (chart.body as { id: number }).id;
  dashboard = await createDashboard(ctx.base, ctx.acme, [chartId], 'Monthly');
  const record = await api(ctx.base, ctx.acme.editor, 'GET', `/api/v1/datasets/${datasetId}`);
  const paths = await api(ctx.base, ctx.acme.editor, 'PUT', `/api/v1/datasets/${datasetId}`, {
    ...(record.body as object),
    drillPaths: [['region', 'day']],
  });
  expect(paths.status).toBe(200);
  const link = await api(
    ctx.base,
    ctx.acme.admin,
    'POST',
    `/api/v1/dashboards/${dashboard.id}/shareLinks`,
    { label: 'Drill' },
  );
  expect(link.status).toBe(200);
  token = (link.body as { token: string }).token;
});
afterAll(async () => {
  await ctx?.close();
});

describe('drilling through a share link', () => {
  it('goes from a month to its days', async () => {
    const answer = await sharedQuery({
      drill: [
        { field: 'day', value: '2024-01-01', grain: 'month', to: { field: 'day', grain: 'day' } },
      ],
    });
    expect(answer.status).toBe(200);
    expect((answer.body as { rows: unknown[][] }).rows).toEqual([
      ['2024-01-05', 10],
      ['2024-01-09', 5],
      ['2024-01-20', 20],
    ]);
  });

  it('refuses a step that is not the next level, naming the drill', async () => {
    const breakOut = await sharedQuery({
      drill: [{ field: 'day', value: '2024-01-01', grain: 'month', to: { field: 'region' } }],
    });
    expect(breakOut.status).toBe(400);
    expect(JSON.stringify(breakOut.body)).toContain('drill.0.to');
    const notShown = await sharedQuery({
      drill: [{ field: 'region', value: 'North', to: { field: 'day', grain: 'year' } }],
    });
    expect(notShown.status).toBe(400);
  });

  it("tells the page the charts' fields and the paths, not the dataset's other fields", async () => {
    const headers = { site: 'acme', authorization: `Bearer ${token}` };
    const opened = await api(
      ctx.base,
      null,
      'GET',
      `/api/v1/share/dashboards/${dashboard.id}`,
      undefined,
      headers,
    );
    expect(opened.status).toBe(200);
    const [context] = (opened.body as { drill: { fields: { name: string }[]; paths: unknown }[] })
      .drill;
    expect(context.fields.map((field) => field.name).sort()).toEqual(['day', 'region']);
    expect(context.paths).toEqual([['region', 'day']]);
  });
});
