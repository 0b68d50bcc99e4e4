import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../common/analytics';
import type { Dashboard } from '../../../common/charts';
import type { ShareLink } from '../../../common/api/shares';
import {
  createChart,
  dashboardBody,
  startChartsServer,
  type ChartsServer,
  type Tenant,
} from '../chartsHarness';
import { api } from '../harness';

// Share links: tokens of 256 random bits stored only as a hash, and the public share API that
// opens exactly one dashboard with its own charts and filters, never anything else.

let ctx: ChartsServer;
let dashboard: Dashboard;
let otherDashboard: Dashboard;
let chartOn: number;
let chartOff: number;

const INVALID = { statusCode: 404, error: 'Not Found', message: 'This shared link is not valid.' };

async function makeDashboard(tenant: Tenant, chartIds: number[], name: string): Promise<Dashboard> {
  const answer = await api(
    ctx.base,
    tenant.editor,
    'POST',
    '/api/v1/dashboards',
    dashboardBody(chartIds, name),
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body as Dashboard;
}

async function createLink(
  dashboardId: number,
  body: object = { label: 'Board' },
  tenant: Tenant = ctx.acme,
) {
  const answer = await api(
    ctx.base,
    tenant.editor,
    'POST',
    `/api/v1/dashboards/${dashboardId}/shareLinks`,
    body,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body as ShareLink & { token: string; url: string };
}

/** A call of the public share API with `token` as the bearer, on `site`. */
function shareCall(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
  site = 'acme',
) {
  const headers: Record<string, string> = { site };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return api(ctx.base, null, method, `/api/v1/share/dashboards/${path}`, body, headers);
}

function query(dashboardId: number, token: string, body: object) {
  return shareCall('POST', `${dashboardId}/query`, token, body);
}

beforeAll(async () => {
  ctx = await startChartsServer();
  chartOn = (await createChart(ctx.base, ctx.acme, 'On the dashboard')).id;
  chartOff = (await createChart(ctx.base, ctx.acme, 'Not on the dashboard')).id;
  dashboard = await makeDashboard(ctx.acme, [chartOn], 'Shared');
  otherDashboard = await makeDashboard(ctx.acme, [chartOff], 'Other');
});
afterAll(async () => {
  await ctx?.close();
});

describe('share links', () => {
  it('answers the token once; only its sha256 is stored', async () => {
    const link = await createLink(dashboard.id, { label: 'For the board' });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.url).toBe(`/share/dashboards/${dashboard.id}/${link.token}`);
    expect(link).toMatchObject({ label: 'For the board', revokedAt: null, expiresAt: null });

    const second = await createLink(dashboard.id);
    expect(second.token).not.toBe(link.token);

    const row = await ctx.server.app.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const list = await api(
      ctx.base,
      ctx.acme.editor,
      'GET',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
    );
    expect(list.status).toBe(200);
    const listed = list.body as ShareLink[];
    expect(listed.map((l) => l.id)).toEqual(expect.arrayContaining([link.id, second.id]));
    expect(JSON.stringify(listed)).not.toContain(link.token);
    expect(listed.every((l) => !('token' in l) && !('url' in l))).toBe(true);
  });

  it('checks the link payload (400 naming the field, nothing written)', async () => {
    const cases: [object, string][] = [
      [{}, 'label'],
      [{ label: 'x', token: 'mine' }, 'token'],
      [{ label: 'x', expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ label: 'x', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
      [
        { label: 'x', frozenFilters: [{ filterId: 'nope', value: ['a'] }] },
        'frozenFilters.0.filterId',
      ],
    ];
    const count = async () =>
      (await ctx.server.app.db.selectFrom('share_links').select('id').execute()).length;
    const before = await count();
    for (const [body, field] of cases) {
      const answer = await api(
        ctx.base,
        ctx.acme.editor,
        'POST',
        `/api/v1/dashboards/${dashboard.id}/shareLinks`,
        body,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body as { field?: string }).field).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  it('opens the dashboard with only its own charts, and runs their queries', async () => {
    const link = await createLink(dashboard.id);
    const shared = await shareCall('GET', String(dashboard.id), link.token);
    expect(shared.status).toBe(200);
    const body = shared.body as { dashboard: Dashboard; charts: { id: number }[] };
    expect(body.dashboard).toMatchObject({
      id: dashboard.id,
      name: 'Shared',
      tiles: dashboard.tiles,
    });
    expect(body.charts.map((chart) => chart.id)).toEqual([chartOn]);
    expect(shared.headers.get('cache-control')).toBe('no-store');

    const result = await query(dashboard.id, link.token, { chartId: chartOn });
    expect(result.status).toBe(200);
    const rows = (result.body as QueryResult).rows;
    expect(rows).toEqual([
      ['East', 7],
      ['North', 30],
      ['South', 45],
    ]);
    expect((result.body as QueryResult).sql).toBeUndefined();

    const offDashboard = await query(dashboard.id, link.token, { chartId: chartOff });
    expect(offDashboard.status).toBe(404);
    expect(JSON.stringify(offDashboard.body)).not.toContain('rows');
  });

  it("applies the dashboard's filters bound to the chart and ignores others", async () => {
    const link = await createLink(dashboard.id);
    const north = await query(dashboard.id, link.token, {
      chartId: chartOn,
      filters: [{ filterId: 'region', value: ['North'] }],
    });
    expect((north.body as QueryResult).rows).toEqual([['North', 30]]);

    const january = await query(dashboard.id, link.token, {
      chartId: chartOn,
      filters: [
        { filterId: 'day', value: ['2024-01-01', '2024-01-31'] },
        { filterId: 'not-a-filter', value: ['x'] },
      ],
    });
    expect((january.body as QueryResult).rows).toEqual([
      ['North', 30],
      ['South', 5],
    ]);
  });

  it('frozen filter values always win over the viewer', async () => {
    const link = await createLink(dashboard.id, {
      label: 'South only',
      frozenFilters: [{ filterId: 'region', value: ['South'] }],
    });
    const shared = await shareCall('GET', String(dashboard.id), link.token);
    const filters = (shared.body as { dashboard: { filters: { id: string; frozen: boolean }[] } })
      .dashboard.filters;
    expect(filters.find((f) => f.id === 'region')).toMatchObject({
      frozen: true,
      value: ['South'],
    });
    expect(filters.find((f) => f.id === 'day')).toMatchObject({ frozen: false });

    for (const filters of [
      [],
      [{ filterId: 'region', value: ['North', 'East'] }],
      [{ filterId: 'region', value: [] }],
    ]) {
      const answer = await query(dashboard.id, link.token, { chartId: chartOn, filters });
      expect((answer.body as QueryResult).rows).toEqual([['South', 45]]);
    }
  });

  it('refuses every token that is not a live link of this dashboard and site (404, never data)', async () => {
    const live = await createLink(dashboard.id);
    const globexDashboard = await makeDashboard(
      ctx.globex,
      [(await createChart(ctx.base, ctx.globex)).id],
      'G',
    );
    const globexLink = await createLink(globexDashboard.id, { label: 'G' }, ctx.globex);
    const revoked = await createLink(dashboard.id, { label: 'Revoked' });
    const revoke = await api(
      ctx.base,
      ctx.acme.editor,
      'DELETE',
      `/api/v1/dashboards/${dashboard.id}/shareLinks/${revoked.id}`,
    );
    expect(revoke.status).toBe(200);
    expect((revoke.body as ShareLink).revokedAt).not.toBeNull();
    const expired = await createLink(dashboard.id, {
      label: 'Expired',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await ctx.server.app.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();

    const id = String(dashboard.id);
    const refusals: [string, Promise<Awaited<ReturnType<typeof shareCall>>>, string][] = [
      ['no token', shareCall('GET', id, null), 'invalid'],
      ['empty token', shareCall('GET', id, ''), 'invalid'],
      ['* token', shareCall('GET', id, '*'), 'invalid'],
      ['another tenant token', shareCall('GET', id, globexLink.token), 'invalid'],
      [
        'another tenant token on its own site',
        shareCall('GET', id, globexLink.token, undefined, 'globex'),
        'invalid',
      ],
      [
        'live token on another site',
        shareCall('GET', id, live.token, undefined, 'globex'),
        'invalid',
      ],
      ['another dashboard', shareCall('GET', String(otherDashboard.id), live.token), 'invalid'],
      ['a session token', shareCall('GET', id, ctx.acme.editor.token), 'invalid'],
      ['revoked', shareCall('GET', id, revoked.token), 'revoked'],
      ['expired', shareCall('GET', id, expired.token), 'expired'],
      [
        'extra query parameter',
        shareCall('GET', `${id}?chartId=${chartOff}`, live.token),
        'invalid',
      ],
      ['token as a parameter', shareCall('GET', `${id}?token=${live.token}`, null), 'invalid'],
      ['query: revoked', query(dashboard.id, revoked.token, { chartId: chartOn }), 'revoked'],
      ['query: expired', query(dashboard.id, expired.token, { chartId: chartOn }), 'expired'],
      [
        'query: another dashboard',
        query(otherDashboard.id, live.token, { chartId: chartOff }),
        'invalid',
      ],
      [
        'query: another tenant',
        query(dashboard.id, globexLink.token, { chartId: chartOn }),
        'invalid',
      ],
      ['query: empty', query(dashboard.id, '', { chartId: chartOn }), 'invalid'],
      [
        'query: extra parameter',
        shareCall('POST', `${id}/query?datasetId=1`, live.token, { chartId: chartOn }),
        'invalid',
      ],
    ];
    for (const [what, call, reason] of refusals) {
      const answer = await call;
      expect(answer.status, what).toBe(404);
      expect(answer.body, what).toEqual({ ...INVALID, reason });
    }
    // The live link still opens, and the revocation shows in the list.
    expect((await shareCall('GET', id, live.token)).status).toBe(200);
    const list = await api(
      ctx.base,
      ctx.acme.editor,
      'GET',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
    );
    expect((list.body as ShareLink[]).find((l) => l.id === revoked.id)?.revokedAt).not.toBeNull();
  });

  it('refuses body fields the link does not allow, without data', async () => {
    const link = await createLink(dashboard.id);
    const bodies = [
      {
        chartId: chartOn,
        query: { datasetId: ctx.acme.datasetId, dimensions: [{ field: 'region' }] },
      },
      { chartId: chartOn, sql: 'select * from sales' },
      { chartId: chartOn, filters: [{ filterId: 'region', value: ['North'], op: '!=' }] },
      { chartId: 'all' },
    ];
    for (const body of bodies) {
      const answer = await query(dashboard.id, link.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).not.toContain('rows');
    }
  });

  it("offers the values of the dashboard's values filters, within the frozen ones", async () => {
    const open = await createLink(dashboard.id);
    const values = (token: string, body: object) =>
      shareCall('POST', `${dashboard.id}/filterValues`, token, body);
    const all = await values(open.token, { filterId: 'region' });
    expect(all.status).toBe(200);
    // Each value once, the most frequent first (North and South twice, East once).
    expect(all.body).toEqual({ values: ['North', 'South', 'East'] });
    const searched = await values(open.token, { filterId: 'region', search: 'OUT' });
    expect(searched.body).toEqual({ values: ['South'] });
    const tooLong = await values(open.token, { filterId: 'region', search: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect((await values(open.token, { filterId: 'day' })).status).toBe(404);
    expect((await values(open.token, { filterId: 'nope' })).status).toBe(404);
    expect((await values(open.token, { filterId: 'region', field: 'amount' })).status).toBe(400);

    const frozen = await createLink(dashboard.id, {
      label: 'South',
      frozenFilters: [{ filterId: 'region', value: ['South'] }],
    });
    expect((await values(frozen.token, { filterId: 'region' })).body).toEqual({
      values: ['South'],
    });
    expect((await values(frozen.token, { filterId: 'region', search: 'north' })).body).toEqual({
      values: [],
    });
    const foreign = await values('*', { filterId: 'region' });
    expect(foreign.body).toEqual({ ...INVALID, reason: 'invalid' });
  });

  it('removes the links of a deleted dashboard', async () => {
    const doomed = await makeDashboard(ctx.acme, [chartOn], 'Doomed');
    const link = await createLink(doomed.id);
    expect(
      (await api(ctx.base, ctx.acme.editor, 'DELETE', `/api/v1/dashboards/${doomed.id}`)).status,
    ).toBe(200);
    const answer = await shareCall('GET', String(doomed.id), link.token);
    expect(answer.body).toEqual({ ...INVALID, reason: 'invalid' });
  });
});
