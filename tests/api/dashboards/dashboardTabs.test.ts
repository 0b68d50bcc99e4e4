import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import type { RevisionRecord } from '../../../common/revisions';
import {
  createChart,
  dashboardBody,
  startChartsServer,
  tabbedDashboardBody,
  type ChartsServer,
} from '../chartsHarness';
import { api } from '../harness';

// Dashboard tabs and heading tiles through /api/v1/dashboards: saved and read back, checked
// (a tile's tab is one of the dashboard's), copied by duplicate, kept by share links and in
// the revision history; a dashboard saved without tabs reads as having none.

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

async function create(body: object): Promise<Dashboard> {
  const answer = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Dashboard;
}

describe('dashboard tabs and headings', () => {
  it('saves tabs and heading tiles and reads them back; duplicate copies them', async () => {
    const body = tabbedDashboardBody([chartA, chartB]);
    const dashboard = await create(body);
    expect(dashboard.tabs).toEqual(body.tabs);
    expect(dashboard.tiles).toEqual(body.tiles);
    expect(dashboard.tiles.find((tile) => tile.kind === 'heading')).toMatchObject({
      heading: 'By region',
      tabId: 'details',
    });
    const read = await api(ctx.base, ctx.acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`);
    expect((read.body as Dashboard).tabs).toEqual(body.tabs);

    const copy = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/duplicate`,
      {},
    );
    expect(copy.status).toBe(200);
    expect((copy.body as Dashboard).tabs).toEqual(body.tabs);
    expect((copy.body as Dashboard).tiles).toEqual(body.tiles);
  });

  it('reads a dashboard saved without tabs as one without tabs', async () => {
    const dashboard = await create(dashboardBody([chartA]));
    expect(dashboard.tabs).toEqual([]);
    expect(dashboard.tiles.every((tile) => tile.tabId === undefined)).toBe(true);
  });

  it('answers 400 naming the wrong field and writes nothing', async () => {
    const good = tabbedDashboardBody([chartA, chartB]);
    const plain = dashboardBody([chartA]);
    const heading = good.tiles.find((tile) => tile.kind === 'heading')!;
    const withTiles = (tiles: object[]) => ({ ...good, tiles });
    const cases: [unknown, string, RegExp][] = [
      [
        withTiles([...good.tiles.slice(0, 1), { ...good.tiles[1], tabId: 'nope' }]),
        'tiles.1.tabId',
        /none of the dashboard's tabs/,
      ],
      [
        { ...plain, tiles: [{ ...plain.tiles[0], tabId: 'overview' }] },
        'tiles.0.tabId',
        /has no tabs/,
      ],
      [
        { ...good, tabs: [good.tabs[0], { id: 'overview', title: 'Again' }] },
        'tabs.1.id',
        /used twice/,
      ],
      [
        { ...good, tabs: [{ id: 'overview', title: ' ' }, good.tabs[1]] },
        'tabs.0.title',
        /required/,
      ],
      [
        { ...good, tabs: Array.from({ length: 21 }, (_, n) => ({ id: `t${n}`, title: `T${n}` })) },
        'tabs',
        /21|20/,
      ],
      [withTiles([{ ...heading, heading: undefined }]), 'tiles.0.heading', /needs its text/],
      [withTiles([{ ...heading, chartId: chartA }]), 'tiles.0.chartId', /only chart tiles/],
      [withTiles([{ ...good.tiles[0], heading: 'x' }]), 'tiles.0.heading', /only heading tiles/],
      [withTiles([{ ...heading, heading: 'x'.repeat(201) }]), 'tiles.0.heading', /200/],
    ];
    const count = async () =>
      (await ctx.server.app.db.selectFrom('dashboards').select('id').execute()).length;
    const before = await count();
    for (const [body, field, message] of cases) {
      const answer = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const problem = answer.body as { field?: string; message?: string };
      expect(problem.field, JSON.stringify(answer.body)).toBe(field);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the tabs in a share link', async () => {
    const dashboard = await create(tabbedDashboardBody([chartA, chartB]));
    const link = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
      { label: 'Tabs' },
    );
    expect(link.status).toBe(200);
    const { token } = link.body as { token: string };
    const shared = await api(
      ctx.base,
      null,
      'GET',
      `/api/v1/share/dashboards/${dashboard.id}`,
      undefined,
      {
        site: 'acme',
        authorization: `Bearer ${token}`,
      },
    );
    expect(shared.status).toBe(200);
    const answer = shared.body as { dashboard: Dashboard };
    expect(answer.dashboard.tabs).toEqual(dashboard.tabs);
    expect(answer.dashboard.tiles.map((tile) => [tile.id, tile.tabId])).toEqual(
      dashboard.tiles.map((tile) => [tile.id, tile.tabId]),
    );
  });

  it('tells tabs added, renamed and removed in the history, and restores them', async () => {
    const dashboard = await create(tabbedDashboardBody([chartA, chartB]));
    const path = `/api/v1/dashboards/${dashboard.id}`;
    const first = dashboard.tabs![0];
    const changed = await api(ctx.base, ctx.acme.editor, 'PUT', path, {
      ...dashboard,
      tabs: [
        { id: 'more', title: 'More' },
        { ...first, title: 'Summary' },
      ],
      tiles: dashboard.tiles.filter((tile) => tile.tabId === first.id),
      filters: dashboard.filters.map((filter) => ({
        ...filter,
        bindings: filter.bindings.filter((binding) => binding.chartId === chartA),
      })),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const revisions = (await api(ctx.base, ctx.acme.viewer, 'GET', `${path}/revisions`))
      .body as RevisionRecord[];
    expect(revisions[0].changes).toEqual(
      expect.arrayContaining([
        { type: 'tabAdded', tab: 'More' },
        { type: 'tabRemoved', tab: 'Details' },
        { type: 'tabRenamed', from: 'Overview', to: 'Summary' },
        { type: 'tileRemoved', tile: 'heading "By region"' },
      ]),
    );
    expect(revisions[1].definition.tabs).toEqual(dashboard.tabs);

    const restored = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      `${path}/revisions/${revisions[1].id}/restore`,
      {},
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const read = (await api(ctx.base, ctx.acme.viewer, 'GET', path)).body as Dashboard;
    expect(read.tabs).toEqual(dashboard.tabs);
    expect(read.tiles).toEqual(dashboard.tiles);
  });
});
