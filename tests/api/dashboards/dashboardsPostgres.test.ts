import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../common/analytics';
import type { Dashboard } from '../../../common/charts';
import type { ShareLink } from '../../../common/api/shares';
import { BACKENDS } from '../authFixtures';
import { createChart, dashboardBody, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';

// The chart -> dashboard -> share link journey on a PostgreSQL metadata store (skipped with a
// message when PostgreSQL is unreachable outside CI).

describe.skipIf(!BACKENDS.includes('postgres'))('charts and dashboards on PostgreSQL', () => {
  let ctx: ChartsServer;

  beforeAll(async () => {
    ctx = await startChartsServer('postgres');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('saves a chart and a dashboard, shares, queries, revokes and refuses to orphan', async () => {
    const { base, acme } = ctx;
    const chart = await createChart(base, acme);
    const created = await api(
      base,
      acme.editor,
      'POST',
      '/api/v1/dashboards',
      dashboardBody([chart.id]),
    );
    expect(created.status).toBe(200);
    const dashboard = created.body as Dashboard;
    const copy = await api(
      base,
      acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/duplicate`,
    );
    expect((copy.body as Dashboard).name).toBe('Sales (copy)');

    const link = await api(
      base,
      acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
      {
        label: 'PG',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        frozenFilters: [{ filterId: 'region', value: ['North'] }],
      },
    );
    expect(link.status).toBe(200);
    const { id: linkId, token } = link.body as ShareLink & { token: string };
    const headers = { site: 'acme', authorization: `Bearer ${token}` };
    const answer = await api(
      base,
      null,
      'POST',
      `/api/v1/share/dashboards/${dashboard.id}/query`,
      { chartId: chart.id },
      headers,
    );
    expect((answer.body as QueryResult).rows).toEqual([['North', 30]]);

    await api(
      base,
      acme.editor,
      'DELETE',
      `/api/v1/dashboards/${dashboard.id}/shareLinks/${linkId}`,
    );
    const revoked = await api(
      base,
      null,
      'GET',
      `/api/v1/share/dashboards/${dashboard.id}`,
      undefined,
      headers,
    );
    expect(revoked.status).toBe(404);
    expect((revoked.body as { reason: string }).reason).toBe('revoked');

    expect((await api(base, acme.editor, 'DELETE', `/api/v1/aicharts/${chart.id}`)).status).toBe(
      409,
    );
    const list = await api(
      base,
      acme.viewer,
      'GET',
      '/api/v1/dashboards?sort=["name","DESC"]&range=[0,0]',
    );
    expect(list.headers.get('content-range')).toBe('dashboards 0-0/2');
  });
});
