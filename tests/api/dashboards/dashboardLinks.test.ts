import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import {
  createChart,
  createDashboard,
  dashboardBody,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api } from '../harness';

// "Open <dashboard>" links of chart tiles: a link names a dashboard of the same account and
// one of its filters, else 400 naming the field; a share link's answer carries no links.

let ctx: ChartsServer;
let chartA: number;
let target: Dashboard;

beforeAll(async () => {
  ctx = await startChartsServer();
  chartA = (await createChart(ctx.base, ctx.acme, 'A')).id;
  target = await createDashboard(ctx.base, ctx.acme, [chartA], 'Regions');
});
afterAll(async () => {
  await ctx?.close();
});

/** A dashboard whose tile `tileIndex` (1: chart tile t0, 0: the text) links as `link` says. */
function linkedBody(link: unknown, tileIndex = 1) {
  const body = dashboardBody([chartA], 'Overview');
  const tiles: object[] = [...body.tiles];
  tiles[tileIndex] = { ...body.tiles[tileIndex], link };
  return { ...body, tiles };
}

describe('dashboard links', () => {
  it('saves a link to a filter of another dashboard and reads it back', async () => {
    const link = { dashboardId: target.id, filterId: 'region' };
    const created = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      '/api/v1/dashboards',
      linkedBody(link),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const dashboard = created.body as Dashboard;
    expect(dashboard.tiles[1].link).toEqual(link);
    const read = await api(ctx.base, ctx.acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`);
    expect((read.body as Dashboard).tiles[1].link).toEqual(link);
  });

  it('answers 400 naming the wrong field, for a dashboard or filter it cannot link to', async () => {
    const theirs = await createDashboard(
      ctx.base,
      ctx.globex,
      [(await createChart(ctx.base, ctx.globex)).id],
      'Theirs',
    );
    const cases: [unknown, string][] = [
      [linkedBody({ dashboardId: 999_999, filterId: 'region' }), 'tiles.1.link.dashboardId'],
      [linkedBody({ dashboardId: theirs.id, filterId: 'region' }), 'tiles.1.link.dashboardId'],
      [linkedBody({ dashboardId: target.id, filterId: 'nope' }), 'tiles.1.link.filterId'],
      [linkedBody({ dashboardId: target.id }), 'tiles.1.link.filterId'],
      [linkedBody({ dashboardId: target.id, filterId: 'region', tab: 1 }), 'tab'],
      [linkedBody({ dashboardId: target.id, filterId: 'region' }, 0), 'tiles.0.link'],
    ];
    for (const [body, field] of cases) {
      const answer = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body as { field?: string }).field, JSON.stringify(answer.body)).toBe(field);
    }
  });

  it('gives a share link no links to other dashboards', async () => {
    const link = { dashboardId: target.id, filterId: 'region' };
    const created = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      '/api/v1/dashboards',
      linkedBody(link),
    );
    const dashboard = created.body as Dashboard;
    const share = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
      { label: 'Linked' },
    );
    const { token } = share.body as { token: string };
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
    const tiles = (shared.body as { dashboard: Dashboard }).dashboard.tiles;
    expect(tiles).toHaveLength(dashboard.tiles.length);
    expect(tiles.every((tile) => tile.link === undefined)).toBe(true);
  });
});
