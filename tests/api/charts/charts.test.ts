import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedChart } from '../../../common/charts';
import {
  createChart,
  dashboardBody,
  SALES_FIELDS,
  salesSpec,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { nowIso } from '../../../server/db/schema';
import { api, login } from '../harness';

// /api/v1/aicharts: saved charts, validated against their dataset, per tenant and role.

let ctx: ChartsServer;

beforeAll(async () => {
  ctx = await startChartsServer();
});
afterAll(async () => {
  await ctx?.close();
});

async function chartCount(accountId: number): Promise<number> {
  const rows = await ctx.server.app.db
    .selectFrom('charts')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.length;
}

describe('saved charts', () => {
  it('creates, reads, lists, updates and deletes a chart', async () => {
    const { base, acme } = ctx;
    const created = await api(base, acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: acme.datasetId,
      name: 'Revenue by region',
      description: 'Sum of amounts',
      spec: salesSpec(acme.datasetId),
    });
    expect(created.status).toBe(200);
    const chart = created.body as SavedChart;
    expect(chart).toMatchObject({
      datasetId: acme.datasetId,
      name: 'Revenue by region',
      description: 'Sum of amounts',
      spec: { type: 'column', query: { datasetId: acme.datasetId } },
    });

    const read = await api(base, acme.viewer, 'GET', `/api/v1/aicharts/${chart.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(chart);

    const list = await api(
      base,
      acme.viewer,
      'GET',
      `/api/v1/aicharts?filter=${encodeURIComponent(JSON.stringify({ q: 'revenue' }))}&range=[0,9]`,
    );
    expect(list.status).toBe(200);
    expect((list.body as SavedChart[]).map((c) => c.id)).toEqual([chart.id]);
    expect(list.headers.get('content-range')).toBe('aicharts 0-0/1');

    const byDataset = await api(
      base,
      acme.viewer,
      'GET',
      `/api/v1/aicharts?filter=${encodeURIComponent(JSON.stringify({ datasetId: acme.datasetId + 999 }))}`,
    );
    expect(byDataset.body).toEqual([]);

    const updated = await api(base, acme.editor, 'PUT', `/api/v1/aicharts/${chart.id}`, {
      ...chart,
      name: 'Revenue',
      spec: salesSpec(acme.datasetId, 'pie'),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: chart.id, name: 'Revenue', spec: { type: 'pie' } });

    const deleted = await api(base, acme.editor, 'DELETE', `/api/v1/aicharts/${chart.id}`);
    expect(deleted.status).toBe(200);
    expect((await api(base, acme.viewer, 'GET', `/api/v1/aicharts/${chart.id}`)).status).toBe(404);
  });

  it('answers 400 naming the wrong field and writes nothing', async () => {
    const { base, acme, globex } = ctx;
    const good = { datasetId: acme.datasetId, name: 'Chart', spec: salesSpec(acme.datasetId) };
    const cases: [unknown, string][] = [
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: undefined }, 'name'],
      [{ ...good, colour: 'red' }, 'colour'],
      [{ ...good, spec: { ...good.spec, type: 'radar' } }, 'spec.type'],
      [{ ...good, spec: { ...good.spec, extra: 1 } }, 'extra'],
      [{ ...good, datasetId: globex.datasetId }, 'datasetId'],
      [{ ...good, datasetId: 'one' }, 'datasetId'],
      [{ ...good, spec: salesSpec(acme.datasetId + 1000) }, 'spec.query.datasetId'],
      [
        {
          ...good,
          spec: {
            ...good.spec,
            query: { ...good.spec.query, dimensions: [{ field: 'country' }] },
          },
        },
        'spec.query.dimensions.0.field',
      ],
      [
        {
          ...good,
          spec: {
            ...good.spec,
            query: { ...good.spec.query, measures: [{ field: 'region', agg: 'sum' }] },
          },
        },
        'spec.query.measures.0.agg',
      ],
      [{ ...good, spec: { ...good.spec, encoding: { x: 'nowhere' } } }, 'spec.encoding.x'],
      [
        { ...good, spec: { ...good.spec, encoding: { y: ['sum_amount', 'avg'] } } },
        'spec.encoding.y.1',
      ],
    ];
    const before = await chartCount(acme.accountId);
    for (const [body, field] of cases) {
      const answer = await api(base, acme.editor, 'POST', '/api/v1/aicharts', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { field?: string }).field, JSON.stringify(answer.body)).toBe(field);
      expect((answer.body as { message: string }).message).toContain(field);
    }
    const malformed = await api(base, acme.editor, 'POST', '/api/v1/aicharts', '{"name":');
    expect(malformed.status).toBe(400);
    expect(await chartCount(acme.accountId)).toBe(before);
  });

  it('lets viewers read but not write', async () => {
    const { base, acme } = ctx;
    const chart = await createChart(base, acme);
    const body = { datasetId: acme.datasetId, name: 'Nope', spec: salesSpec(acme.datasetId) };
    expect((await api(base, acme.viewer, 'POST', '/api/v1/aicharts', body)).status).toBe(403);
    expect((await api(base, acme.viewer, 'PUT', `/api/v1/aicharts/${chart.id}`, body)).status).toBe(
      403,
    );
    expect((await api(base, acme.viewer, 'DELETE', `/api/v1/aicharts/${chart.id}`)).status).toBe(
      403,
    );
    expect((await api(base, null, 'GET', '/api/v1/aicharts')).status).toBe(401);
    expect((await api(base, acme.viewer, 'GET', `/api/v1/aicharts/${chart.id}`)).status).toBe(200);
  });

  it('hides charts of another tenant (404 on every verb)', async () => {
    const { base, acme, globex } = ctx;
    const theirs = await createChart(base, globex);
    const body = { datasetId: acme.datasetId, name: 'Mine now', spec: salesSpec(acme.datasetId) };
    expect((await api(base, acme.editor, 'GET', `/api/v1/aicharts/${theirs.id}`)).status).toBe(404);
    expect(
      (await api(base, acme.editor, 'PUT', `/api/v1/aicharts/${theirs.id}`, body)).status,
    ).toBe(404);
    expect((await api(base, acme.editor, 'DELETE', `/api/v1/aicharts/${theirs.id}`)).status).toBe(
      404,
    );
    const list = await api(base, acme.editor, 'GET', '/api/v1/aicharts');
    expect((list.body as SavedChart[]).some((chart) => chart.id === theirs.id)).toBe(false);
    expect((await api(base, globex.editor, 'GET', `/api/v1/aicharts/${theirs.id}`)).status).toBe(
      200,
    );
  });

  it('refuses to delete a chart a dashboard shows (409 naming the dashboard)', async () => {
    const { base, acme } = ctx;
    const chart = await createChart(base, acme);
    const dashboard = await api(
      base,
      acme.editor,
      'POST',
      '/api/v1/dashboards',
      dashboardBody([chart.id], 'Quarterly review'),
    );
    expect(dashboard.status).toBe(200);
    const refused = await api(base, acme.editor, 'DELETE', `/api/v1/aicharts/${chart.id}`);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('"Quarterly review"');
    expect((await api(base, acme.editor, 'GET', `/api/v1/aicharts/${chart.id}`)).status).toBe(200);
  });

  it('refuses to move a chart to a dataset without the fields its dashboards filter by', async () => {
    const { base, acme, server } = ctx;
    const source = await server.app.db
      .selectFrom('datasets')
      .select('source_id')
      .where('id', '=', acme.datasetId)
      .executeTakeFirstOrThrow();
    const noDays = await server.app.db
      .insertInto('datasets')
      .values({
        account_id: acme.accountId,
        source_id: source.source_id,
        name: 'Sales without days',
        description: '',
        table_name: null,
        sql: 'select region, amount from sales',
        fields_json: JSON.stringify(SALES_FIELDS.filter((field) => field.name !== 'day')),
        row_count: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chart = await createChart(base, acme);
    await api(base, acme.editor, 'POST', '/api/v1/dashboards', dashboardBody([chart.id], 'By day'));
    const moved = await api(base, acme.editor, 'PUT', `/api/v1/aicharts/${chart.id}`, {
      datasetId: noDays.id,
      name: 'Moved',
      spec: salesSpec(noDays.id),
    });
    expect(moved.status).toBe(409);
    expect((moved.body as { message: string }).message).toContain('"By day"');
    const kept = await api(base, acme.editor, 'GET', `/api/v1/aicharts/${chart.id}`);
    expect(kept.body).toMatchObject({ datasetId: acme.datasetId, name: 'Sales by region' });
  });

  it('refuses to delete a dataset that saved charts use (409 naming them)', async () => {
    const { base, acme } = ctx;
    await createChart(base, acme, 'Keeps its dataset');
    const refused = await api(base, acme.editor, 'DELETE', `/api/v1/datasets/${acme.datasetId}`);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('"Keeps its dataset"');
    const still = await api(base, acme.editor, 'GET', `/api/v1/datasets/${acme.datasetId}`);
    expect(still.status).toBe(200);
  });

  it("removes an account's charts, dashboards and share links with the account", async () => {
    const { base, globex } = ctx;
    const chart = await createChart(base, globex);
    const board = await api(
      base,
      globex.editor,
      'POST',
      '/api/v1/dashboards',
      dashboardBody([chart.id]),
    );
    const dashboardId = (board.body as { id: number }).id;
    const link = await api(
      base,
      globex.editor,
      'POST',
      `/api/v1/dashboards/${dashboardId}/shareLinks`,
      {
        label: 'Board',
      },
    );
    expect(link.status).toBe(200);
    const platform = await login(base, 'www', 'admin');
    const removed = await api(base, platform, 'DELETE', `/api/v1/accounts/${globex.accountId}`);
    expect(removed.status).toBe(200);
    const db = ctx.server.app.db;
    for (const table of ['charts', 'dashboards', 'share_links'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('account_id', '=', globex.accountId)
        .execute();
      expect(rows).toEqual([]);
    }
  });
});
