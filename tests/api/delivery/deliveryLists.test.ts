import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../common/api/alerts';
import type { Delivery, Subscription } from '../../../common/api/subscriptions';
import {
  createChart,
  createDashboard,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api, type Session } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';

// The Subscriptions pages' list (GET /api/v1/deliveries, a simple-rest list): a viewer sees
// their own subscriptions and alerts, an admin with scope=account all of the account's, another
// tenant nothing; each line with its latest runs. Pausing a subscription from the page.

let ctx: ChartsServer;
let smtp: LocalSmtpServer;
let viewerAlert: Alert;
let editorSubscription: Subscription;
let viewerSubscription: Subscription;

async function list(session: Session, query = '') {
  const answer = await api(ctx.base, session, 'GET', `/api/v1/deliveries${query}`);
  return { status: answer.status, lines: answer.body as Delivery[], headers: answer.headers };
}

const scopeAccount = `?filter=${encodeURIComponent(JSON.stringify({ scope: 'account' }))}`;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  ctx = await startChartsServer('sqlite', { SMTP_URL: smtp.url });
  const chart = await createChart(ctx.base, ctx.acme);
  const dashboard = await createDashboard(ctx.base, ctx.acme, [chart.id], 'Weekly review');
  const subscribe = async (session: Session) => {
    const answer = await api(ctx.base, session, 'POST', '/api/v1/subscriptions', {
      dashboardId: dashboard.id,
      schedule: { every: 'week', days: [1], time: '08:00' },
    });
    expect(answer.status).toBe(200);
    return answer.body as Subscription;
  };
  editorSubscription = await subscribe(ctx.acme.editor);
  viewerSubscription = await subscribe(ctx.acme.viewer);
  const alert = await api(ctx.base, ctx.acme.viewer, 'POST', '/api/v1/alerts', {
    chartId: chart.id,
    name: 'Region sales low',
    condition: { kind: 'below', threshold: 10 },
    schedule: { every: 'hour', minute: 0 },
  });
  expect(alert.status).toBe(200);
  viewerAlert = alert.body as Alert;
  // One check: the alert's line shows its run.
  const due = await ctx.server.app.alertChecks.queueDue(new Date(Date.now() + 2 * 3600_000));
  for (const payload of due) await ctx.server.app.alertChecks.check(payload);
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('the subscriptions list', () => {
  it("shows a viewer their own subscriptions and alerts, with the alert's runs", async () => {
    const { status, lines } = await list(ctx.acme.viewer);
    expect(status).toBe(200);
    expect(lines.map((line) => line.id).sort()).toEqual(
      [`alert-${viewerAlert.id}`, `subscription-${viewerSubscription.id}`].sort(),
    );
    const alertLine = lines.find((line) => line.kind === 'alert')!;
    expect(alertLine).toMatchObject({
      name: 'Region sales low',
      target: { type: 'chart', name: 'Sales by region' },
      status: 'active',
      recipients: ['viewer@acme.example'],
    });
    expect(alertLine.runs).toHaveLength(1);
    expect(alertLine.runs[0].outcome).toMatch(/^(ok|fired|failed)$/);
    const subscriptionLine = lines.find((line) => line.kind === 'subscription')!;
    expect(subscriptionLine).toMatchObject({
      name: 'Weekly review',
      target: { type: 'dashboard' },
      runs: [],
    });
  });

  it("shows an admin all of the account's with scope=account, and refuses it to others", async () => {
    const { status, lines, headers } = await list(ctx.acme.admin, scopeAccount);
    expect(status).toBe(200);
    expect(lines.map((line) => line.id).sort()).toEqual(
      [
        `alert-${viewerAlert.id}`,
        `subscription-${editorSubscription.id}`,
        `subscription-${viewerSubscription.id}`,
      ].sort(),
    );
    expect(headers.get('x-total-count')).toBe('3');
    expect((await list(ctx.acme.admin)).lines).toEqual([]);
    expect((await list(ctx.acme.viewer, scopeAccount)).status).toBe(403);
    expect((await list(ctx.acme.editor, scopeAccount)).status).toBe(403);
  });

  it('shows another tenant nothing', async () => {
    expect((await list(ctx.globex.editor)).lines).toEqual([]);
    const refused = await list(ctx.globex.editor, scopeAccount);
    expect(refused.status).toBe(403);
  });

  it('filters by kind and names a field it cannot filter by', async () => {
    const kind = encodeURIComponent(JSON.stringify({ scope: 'account', kind: 'alert' }));
    const alerts = await list(ctx.acme.admin, `?filter=${kind}`);
    expect(alerts.lines.map((line) => line.kind)).toEqual(['alert']);
    const wrong = await list(ctx.acme.admin, `?filter=${encodeURIComponent('{"owner":1}')}`);
    expect(wrong.status).toBe(400);
  });

  it('pauses and resumes a subscription for its maker or an admin only', async () => {
    const path = `/api/v1/subscriptions/${editorSubscription.id}`;
    expect((await api(ctx.base, ctx.acme.viewer, 'PATCH', path, { paused: true })).status).toBe(
      404,
    );
    expect((await api(ctx.base, ctx.globex.editor, 'PATCH', path, { paused: true })).status).toBe(
      404,
    );
    const paused = await api(ctx.base, ctx.acme.editor, 'PATCH', path, { paused: true });
    expect(paused.body).toMatchObject({ paused: true });
    const line = (await list(ctx.acme.editor)).lines.find(
      (l) => l.id === `subscription-${editorSubscription.id}`,
    );
    expect(line).toMatchObject({ paused: true, status: 'paused' });
    const resumed = await api(ctx.base, ctx.acme.admin, 'PATCH', path, { paused: false });
    expect(resumed.body).toMatchObject({ paused: false });
    const bad = await api(ctx.base, ctx.acme.editor, 'PATCH', path, { paused: 'yes' });
    expect(bad.status).toBe(400);
  });
});
