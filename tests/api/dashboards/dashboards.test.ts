import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import { createChart, dashboardBody, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';

// /api/v1/dashboards: tiles and filters checked against the account's charts, roles,
// tenant isolation and duplicate.

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

async function dashboardCount(accountId: number): Promise<number> {
  const rows = await ctx.server.app.db
    .selectFrom('dashboards')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.length;
}

describe('dashboards', () => {
  it('creates, reads, lists, updates and deletes a dashboard', async () => {
    const { base, acme } = ctx;
    const body = { ...dashboardBody([chartA, chartB], 'Board'), refreshSeconds: 60 };
    const created = await api(base, acme.editor, 'POST', '/api/v1/dashboards', body);
    expect(created.status).toBe(200);
    const dashboard = created.body as Dashboard;
    expect(dashboard).toMatchObject({
      name: 'Board',
      description: '',
      refreshSeconds: 60,
      tiles: body.tiles,
      filters: body.filters,
    });

    const read = await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`);
    expect(read.body).toEqual(dashboard);
    const list = await api(base, acme.viewer, 'GET', '/api/v1/dashboards?range=[0,24]');
    expect((list.body as Dashboard[]).map((d) => d.id)).toContain(dashboard.id);
    expect(list.headers.get('content-range')).toMatch(/^dashboards 0-\d+\/\d+$/);

    const moved = body.tiles.map((tile) =>
      tile.id === 't0' ? { ...tile, layout: { x: 6, y: 20, w: 6, h: 4 } } : tile,
    );
    const updated = await api(base, acme.editor, 'PUT', `/api/v1/dashboards/${dashboard.id}`, {
      ...dashboard,
      tiles: moved,
    });
    expect(updated.status).toBe(200);
    expect((updated.body as Dashboard).tiles.find((t) => t.id === 't0')?.layout).toEqual({
      x: 6,
      y: 20,
      w: 6,
      h: 4,
    });

    expect(
      (await api(base, acme.editor, 'DELETE', `/api/v1/dashboards/${dashboard.id}`)).status,
    ).toBe(200);
    expect((await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`)).status).toBe(
      404,
    );
  });

  it('keeps the places saved per narrow grid, and dashboards without them', async () => {
    const { base, acme } = ctx;
    const body = dashboardBody([chartA, chartB], 'Phones');
    const created = await api(base, acme.editor, 'POST', '/api/v1/dashboards', body);
    expect(created.status).toBe(200);
    const dashboard = created.body as Dashboard;
    expect(dashboard.tiles.every((tile) => tile.layouts === undefined)).toBe(true);
    const layouts = { sm: { x: 1, y: 0, w: 1, h: 3 }, xs: { x: 0, y: 9, w: 1, h: 3 } };
    const tiles = dashboard.tiles.map((tile, index) => (index === 0 ? { ...tile, layouts } : tile));
    const updated = await api(base, acme.editor, 'PUT', `/api/v1/dashboards/${dashboard.id}`, {
      ...dashboard,
      tiles,
    });
    expect(updated.status).toBe(200);
    const read = await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`);
    expect((read.body as Dashboard).tiles[0].layouts).toEqual(layouts);
    expect((read.body as Dashboard).tiles[1].layouts).toBeUndefined();
  });

  it('answers 400 naming the wrong field and writes nothing', async () => {
    const { base, acme, globex } = ctx;
    const theirs = await createChart(base, globex);
    const good = dashboardBody([chartA, chartB]);
    const tile = good.tiles[1];
    const withTile = (changes: object) => ({
      ...good,
      tiles: [good.tiles[0], { ...tile, ...changes }, good.tiles[2]],
    });
    const cases: [unknown, string][] = [
      [{ ...good, name: ' ' }, 'name'],
      [{ ...good, owner: 'me' }, 'owner'],
      [{ ...good, refreshSeconds: 5 }, 'refreshSeconds'],
      [{ ...good, refreshSeconds: 86_401 }, 'refreshSeconds'],
      [withTile({ chartId: 999_999 }), 'tiles.1.chartId'],
      [withTile({ chartId: theirs.id }), 'tiles.1.chartId'],
      [withTile({ chartId: undefined }), 'tiles.1.chartId'],
      [withTile({ layout: { x: 8, y: 0, w: 6, h: 4 } }), 'tiles.1.layout.w'],
      [withTile({ layout: { x: 0, y: 0, w: 1.5, h: 4 } }), 'tiles.1.layout.w'],
      [withTile({ layout: { x: -1, y: 0, w: 2, h: 4 } }), 'tiles.1.layout.x'],
      [withTile({ layout: { x: 0, y: 0, w: 2, h: 4, z: 1 } }), 'z'],
      // A phone's one column saved as the desktop layout: every tile 1 column (86 px) wide.
      [
        { ...good, tiles: good.tiles.map((t, y) => ({ ...t, layout: { x: 0, y, w: 1, h: 1 } })) },
        'tiles.0.layout.w',
      ],
      [withTile({ id: 'intro' }), 'tiles.1.id'],
      [withTile({ layouts: { xs: { x: 0, y: 0, w: 2, h: 4 } } }), 'tiles.1.layouts.xs.w'],
      [withTile({ layouts: { sm: { x: 2, y: 0, w: 1, h: 4 } } }), 'tiles.1.layouts.sm.x'],
      [withTile({ layouts: { md: { x: 0, y: 0, w: 1, h: 4 } } }), 'md'],
      [
        {
          ...good,
          tiles: [{ ...good.tiles[0], markdown: 'x'.repeat(20_001) }, ...good.tiles.slice(1)],
        },
        'tiles.0.markdown',
      ],
      [
        {
          ...good,
          filters: [{ ...good.filters[0], bindings: [{ chartId: theirs.id, field: 'day' }] }],
        },
        'filters.0.bindings.0.chartId',
      ],
      [
        {
          ...good,
          filters: [{ ...good.filters[1], bindings: [{ chartId: chartA, field: 'nope' }] }],
        },
        'filters.0.bindings.0.field',
      ],
      [
        {
          ...good,
          filters: [{ ...good.filters[0], bindings: [{ chartId: chartA, field: 'region' }] }],
        },
        'filters.0.bindings.0.field',
      ],
      [{ ...good, filters: [{ ...good.filters[0], type: 'slider' }] }, 'filters.0.type'],
    ];
    const before = await dashboardCount(acme.accountId);
    for (const [body, field] of cases) {
      const answer = await api(base, acme.editor, 'POST', '/api/v1/dashboards', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body as { field?: string }).field, JSON.stringify(answer.body)).toBe(field);
    }
    expect(await dashboardCount(acme.accountId)).toBe(before);
  });

  it('lets viewers read but not write, duplicate or share', async () => {
    const { base, acme } = ctx;
    const created = await api(
      base,
      acme.editor,
      'POST',
      '/api/v1/dashboards',
      dashboardBody([chartA]),
    );
    const id = (created.body as Dashboard).id;
    const body = dashboardBody([chartA], 'Viewer edit');
    expect((await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${id}`)).status).toBe(200);
    expect((await api(base, acme.viewer, 'POST', '/api/v1/dashboards', body)).status).toBe(403);
    expect((await api(base, acme.viewer, 'PUT', `/api/v1/dashboards/${id}`, body)).status).toBe(
      403,
    );
    expect((await api(base, acme.viewer, 'DELETE', `/api/v1/dashboards/${id}`)).status).toBe(403);
    expect(
      (await api(base, acme.viewer, 'POST', `/api/v1/dashboards/${id}/duplicate`)).status,
    ).toBe(403);
    expect(
      (await api(base, acme.viewer, 'POST', `/api/v1/dashboards/${id}/shareLinks`, { label: 'x' }))
        .status,
    ).toBe(403);
    expect((await api(base, null, 'GET', `/api/v1/dashboards/${id}`)).status).toBe(401);
  });

  it('hides dashboards of another tenant (404 on every verb)', async () => {
    const { base, acme, globex } = ctx;
    const mine = await api(
      base,
      acme.editor,
      'POST',
      '/api/v1/dashboards',
      dashboardBody([chartA]),
    );
    const id = (mine.body as Dashboard).id;
    const theirs = globex.editor;
    expect((await api(base, theirs, 'GET', `/api/v1/dashboards/${id}`)).status).toBe(404);
    expect(
      (
        await api(base, theirs, 'PUT', `/api/v1/dashboards/${id}`, {
          name: 'x',
          tiles: [],
          filters: [],
        })
      ).status,
    ).toBe(404);
    expect((await api(base, theirs, 'DELETE', `/api/v1/dashboards/${id}`)).status).toBe(404);
    expect((await api(base, theirs, 'POST', `/api/v1/dashboards/${id}/duplicate`)).status).toBe(
      404,
    );
    expect((await api(base, theirs, 'GET', `/api/v1/dashboards/${id}/shareLinks`)).status).toBe(
      404,
    );
    expect(
      (await api(base, theirs, 'POST', `/api/v1/dashboards/${id}/shareLinks`, { label: 'x' }))
        .status,
    ).toBe(404);
    const list = await api(base, theirs, 'GET', '/api/v1/dashboards');
    expect((list.body as Dashboard[]).some((d) => d.id === id)).toBe(false);
    // An acme token sent to the globex site is refused too.
    const crossSite = { ...acme.editor, headers: { ...acme.editor.headers, site: 'globex' } };
    expect((await api(base, crossSite, 'GET', `/api/v1/dashboards/${id}`)).status).toBe(403);
  });

  it('duplicates a dashboard as "<name> (copy)" with the same tiles and filters', async () => {
    const { base, acme } = ctx;
    const original = (
      await api(base, acme.editor, 'POST', '/api/v1/dashboards', {
        ...dashboardBody([chartA, chartB], 'Weekly'),
        description: 'Every Monday',
        refreshSeconds: 300,
      })
    ).body as Dashboard;
    const copy = await api(
      base,
      acme.editor,
      'POST',
      `/api/v1/dashboards/${original.id}/duplicate`,
    );
    expect(copy.status).toBe(200);
    const duplicate = copy.body as Dashboard;
    expect(duplicate.id).not.toBe(original.id);
    expect(duplicate).toMatchObject({
      name: 'Weekly (copy)',
      description: 'Every Monday',
      refreshSeconds: 300,
      tiles: original.tiles,
      filters: original.filters,
    });
    expect((await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${duplicate.id}`)).status).toBe(
      200,
    );
  });
});
