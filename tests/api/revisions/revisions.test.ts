import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import type { DeletedObject, RevisionRecord } from '../../../common/revisions';
import {
  createChart,
  createDashboard,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api, login } from '../harness';

// Revisions of dashboards, charts and datasets: kept on every save, listed newest first with
// what changed, restored as a new revision; deleted dashboards and charts restored by an
// admin within 30 days; roles and tenants.

let ctx: ChartsServer;
let chartA: number;
let chartB: number;

beforeAll(async () => {
  ctx = await startChartsServer();
  chartA = (await createChart(ctx.base, ctx.acme, 'A')).id;
  chartB = (await createChart(ctx.base, ctx.acme, 'B')).id;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const revisionsOf = async (path: string, session = ctx.acme.viewer) => {
  const answer = await api(ctx.base, session, 'GET', `${path}/revisions`);
  expect(answer.status).toBe(200);
  return answer.body as RevisionRecord[];
};

describe('revisions', () => {
  it('keeps every save of a dashboard, tells what changed and restores one', async () => {
    const { base, acme } = ctx;
    const dashboard = await createDashboard(base, acme, [chartA], 'Board');
    const path = `/api/v1/dashboards/${dashboard.id}`;
    const moved = dashboard.tiles.map((tile) =>
      tile.id === 't0' ? { ...tile, layout: { x: 6, y: 2, w: 6, h: 6 } } : tile,
    );
    const updated = await api(base, acme.editor, 'PUT', path, {
      ...dashboard,
      name: 'Board 2',
      tiles: [
        ...moved,
        { id: 't9', kind: 'chart', chartId: chartB, layout: { x: 0, y: 8, w: 6, h: 6 } },
      ],
      filters: [],
    });
    expect(updated.status).toBe(200);

    const answer = await api(base, acme.viewer, 'GET', `${path}/revisions?range=[0,9]`);
    expect(answer.headers.get('content-range')).toBe('revisions 0-1/2');
    const revisions = answer.body as RevisionRecord[];
    expect(revisions.map((revision) => [revision.number, revision.action])).toEqual([
      [2, 'updated'],
      [1, 'created'],
    ]);
    expect(revisions[1].changes).toEqual([{ type: 'created' }]);
    expect(revisions[0].author).toBe(revisions[1].author);
    expect(revisions[0].changes).toEqual([
      { type: 'renamed', from: 'Board', to: 'Board 2' },
      { type: 'tileAdded', tile: `chart ${chartB}` },
      {
        type: 'tileMoved',
        tile: `chart ${chartA}`,
        from: { x: 0, y: 2, w: 6, h: 6 },
        to: { x: 6, y: 2, w: 6, h: 6 },
      },
      { type: 'filterRemoved', filter: dashboard.filters[0].label },
      { type: 'filterRemoved', filter: dashboard.filters[1].label },
    ]);
    expect(revisions[0].definition).toMatchObject({ name: 'Board 2' });

    const restorePath = `${path}/revisions/${revisions[1].id}/restore`;
    expect((await api(base, acme.viewer, 'POST', restorePath)).status).toBe(403);
    const restored = await api(base, acme.editor, 'POST', restorePath);
    expect(restored.status).toBe(200);
    const now = (await api(base, acme.viewer, 'GET', path)).body as Dashboard;
    expect(now).toMatchObject({
      name: 'Board',
      tiles: dashboard.tiles,
      filters: dashboard.filters,
    });

    const after = await revisionsOf(path);
    expect(after[0]).toMatchObject({
      number: 3,
      action: 'restored',
      id: (restored.body as { revision: number }).revision,
    });
    expect(after[0].changes.map((change) => change.type)).toEqual([
      'renamed',
      'tileRemoved',
      'tileMoved',
      'filterAdded',
      'filterAdded',
    ]);
  });

  it('starts the history of an object saved before revisions were kept with its state then', async () => {
    const { base, acme } = ctx;
    const dashboard = await createDashboard(base, acme, [chartA], 'Old');
    await ctx.server.app.db.deleteFrom('revisions').where('object_id', '=', dashboard.id).execute();
    const path = `/api/v1/dashboards/${dashboard.id}`;
    expect(await revisionsOf(path)).toEqual([]);
    await api(base, acme.editor, 'PUT', path, { ...dashboard, refreshSeconds: 60 });
    const revisions = await revisionsOf(path);
    expect(revisions.map((revision) => revision.action)).toEqual(['updated', 'created']);
    expect(revisions[0].changes).toEqual([{ type: 'refreshChanged', from: 0, to: 60 }]);
  });

  it("keeps a chart's and a dataset's saves and restores them", async () => {
    const { base, acme } = ctx;
    const chartPath = `/api/v1/aicharts/${chartB}`;
    const chart = (await api(base, acme.editor, 'GET', chartPath)).body as { spec: object };
    const changed = { ...chart, spec: { ...chart.spec, type: 'bar', title: 'Bars' } };
    expect((await api(base, acme.editor, 'PUT', chartPath, changed)).status).toBe(200);
    const chartRevisions = await revisionsOf(chartPath);
    expect(chartRevisions[0].changes).toEqual([
      { type: 'chartTypeChanged', from: 'column', to: 'bar' },
      { type: 'chartTitleChanged', from: 'Sales by region', to: 'Bars' },
    ]);
    const first = chartRevisions.at(-1)!;
    const restore = `${chartPath}/revisions/${first.id}/restore`;
    expect((await api(base, acme.editor, 'POST', restore)).status).toBe(200);
    const back = (await api(base, acme.editor, 'GET', chartPath)).body as {
      spec: { type: string };
    };
    expect(back.spec.type).toBe('column');

    const datasetPath = `/api/v1/datasets/${acme.datasetId}`;
    const dataset = (await api(base, acme.editor, 'GET', datasetPath)).body as {
      fields: { name: string; label: string }[];
    };
    const relabelled = {
      ...dataset,
      description: 'Orders',
      fields: dataset.fields.map((field) =>
        field.name === 'amount' ? { ...field, label: 'Revenue' } : field,
      ),
    };
    expect((await api(base, acme.editor, 'PUT', datasetPath, relabelled)).status).toBe(200);
    const datasetRevisions = await revisionsOf(datasetPath, acme.editor);
    expect(datasetRevisions[0].changes).toEqual([
      { type: 'descriptionChanged' },
      { type: 'fieldChanged', field: 'amount' },
    ]);
    const firstDataset = datasetRevisions.at(-1)!;
    const restoreDataset = `${datasetPath}/revisions/${firstDataset.id}/restore`;
    expect((await api(base, acme.editor, 'POST', restoreDataset)).status).toBe(200);
    const restored = (await api(base, acme.editor, 'GET', datasetPath)).body as typeof dataset;
    expect(restored.fields.find((field) => field.name === 'amount')?.label).toBe('Amount');
  });

  it("refuses another tenant's objects and revisions, and unknown revisions", async () => {
    const { base, acme, globex } = ctx;
    const dashboard = await createDashboard(base, acme, [chartA], 'Private');
    const path = `/api/v1/dashboards/${dashboard.id}`;
    const [revision] = await revisionsOf(path);
    expect((await api(base, globex.editor, 'GET', `${path}/revisions`)).status).toBe(404);
    const restore = `${path}/revisions/${revision.id}/restore`;
    expect((await api(base, globex.editor, 'POST', restore)).status).toBe(404);
    const other = await createDashboard(base, acme, [chartA], 'Other');
    const crossed = `/api/v1/dashboards/${other.id}/revisions/${revision.id}/restore`;
    expect((await api(base, acme.editor, 'POST', crossed)).status).toBe(404);
    const bad = await api(base, acme.editor, 'GET', `${path}/revisions?sort=["name","asc"]`);
    expect(bad.status).toBe(400);
  });
});

describe('recently deleted', () => {
  const deleted = async (admin = ctx.acme.admin) => {
    const answer = await api(ctx.base, admin, 'GET', '/api/v1/deleted');
    expect(answer.status).toBe(200);
    return answer.body as DeletedObject[];
  };

  it('lets an admin restore a deleted dashboard or chart under its id', async () => {
    const { base, acme } = ctx;
    const chart = await createChart(base, acme, 'Doomed chart');
    const dashboard = await createDashboard(base, acme, [chart.id], 'Doomed');
    const path = `/api/v1/dashboards/${dashboard.id}`;
    expect((await api(base, acme.editor, 'DELETE', path)).status).toBe(200);
    expect((await api(base, acme.editor, 'DELETE', `/api/v1/aicharts/${chart.id}`)).status).toBe(
      200,
    );

    expect((await api(base, acme.editor, 'GET', '/api/v1/deleted')).status).toBe(403);
    expect((await api(base, ctx.globex.editor, 'GET', '/api/v1/deleted')).status).toBe(403);
    const list = await deleted();
    expect(list.slice(0, 2)).toMatchObject([
      { kind: 'chart', id: chart.id, name: 'Doomed chart' },
      { kind: 'dashboard', id: dashboard.id, name: 'Doomed' },
    ]);

    const restoreDashboard = `/api/v1/deleted/dashboard/${dashboard.id}/restore`;
    expect((await api(base, acme.editor, 'POST', restoreDashboard)).status).toBe(403);
    // Its chart is gone: the dashboard cannot come back before it.
    expect((await api(base, acme.admin, 'POST', restoreDashboard)).status).toBe(400);
    const restoreChart = `/api/v1/deleted/chart/${chart.id}/restore`;
    expect((await api(base, acme.admin, 'POST', restoreChart)).status).toBe(200);
    expect((await api(base, acme.admin, 'POST', restoreDashboard)).status).toBe(200);
    expect((await api(base, acme.admin, 'POST', restoreDashboard)).status).toBe(404);

    const back = await api(base, acme.viewer, 'GET', path);
    expect(back.body).toMatchObject({ id: dashboard.id, name: 'Doomed', tiles: dashboard.tiles });
    const ids = (await deleted()).map((object) => object.id);
    expect(ids).not.toContain(dashboard.id);
    const revisions = await revisionsOf(path);
    expect(revisions.map((revision) => revision.action).slice(0, 3)).toEqual([
      'restored',
      'deleted',
      'created',
    ]);
  });

  it('forgets what was deleted more than 30 days ago', async () => {
    const { base, acme } = ctx;
    const chart = await createChart(base, acme, 'Old news');
    expect((await api(base, acme.editor, 'DELETE', `/api/v1/aicharts/${chart.id}`)).status).toBe(
      200,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    // Sessions end meanwhile: the admin signs in again each time.
    vi.setSystemTime(Date.now() + 29 * 24 * 3600 * 1000);
    const admin29 = await login(base, 'acme', 'admin');
    expect((await deleted(admin29)).map((object) => object.id)).toContain(chart.id);
    vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
    const admin31 = await login(base, 'acme', 'admin');
    expect((await deleted(admin31)).map((object) => object.id)).not.toContain(chart.id);
    const restore = `/api/v1/deleted/chart/${chart.id}/restore`;
    expect((await api(base, admin31, 'POST', restore)).status).toBe(404);
    const kept = await ctx.server.app.db
      .selectFrom('revisions')
      .select('id')
      .where('kind', '=', 'chart')
      .where('object_id', '=', chart.id)
      .execute();
    expect(kept).toEqual([]);
  });
});
