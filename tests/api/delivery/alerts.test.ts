import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertRun } from '../../../common/api/alerts';
import { addUser } from '../authFixtures';
import { salesSpec, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api, login, type Session } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';

// Alerts checked for real: charts read from the tenant's DuckDB warehouse as each alert's
// owner, the owner told by a local SMTP server (smtp-server) or a local webhook receiver, and
// the schedule driven by a fake clock (each step an hour on). An alert tells once when its
// condition starts and once when it ends, never while it holds.

const HOUR_MS = 60 * 60 * 1000;

let ctx: ChartsServer;
let smtp: LocalSmtpServer;
let webhook: { server: Server; url: string; received: string[] };
let north: { id: number; session: Session };
let totalChartId: number;
let hoursAhead = 0;

async function startWebhookReceiver() {
  const received: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(Buffer.concat(chunks).toString());
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/alerts`, received };
}

/** Moves the fake clock an hour on and runs every check then due; answers the alerts checked. */
async function nextHour(): Promise<number[]> {
  hoursAhead += 1;
  const checks = ctx.server.app.alertChecks;
  const due = await checks.queueDue(new Date(Date.now() + hoursAhead * HOUR_MS + 1000));
  for (const payload of due) await checks.check(payload);
  return due.map((payload) => payload.alertId);
}

/** Changes acme's warehouse, as a load would, and lets the engine forget cached answers. */
async function changeWarehouse(statement: string) {
  const { app } = ctx.server;
  await app.sourceConnectors.withWarehouse(ctx.acme.accountId, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(statement);
    }),
  );
  const dataset = await app.db
    .selectFrom('datasets')
    .select('source_id')
    .where('id', '=', ctx.acme.datasetId)
    .executeTakeFirstOrThrow();
  app.queryEngine.invalidateSource(ctx.acme.accountId, dataset.source_id);
}

async function makeChart(session: Session, name: string, spec: object) {
  const answer = await api(ctx.base, session, 'POST', '/api/v1/aicharts', {
    datasetId: ctx.acme.datasetId,
    name,
    spec,
  });
  expect(answer.status).toBe(200);
  return (answer.body as { id: number }).id;
}

async function setAlert(session: Session, body: object) {
  return api(ctx.base, session, 'POST', '/api/v1/alerts', {
    chartId: totalChartId,
    schedule: { every: 'hour', minute: 0 },
    ...body,
  });
}

async function alertOf(session: Session, id: number): Promise<Alert> {
  const answer = await api(ctx.base, session, 'GET', '/api/v1/alerts');
  return (answer.body as Alert[]).find((alert) => alert.id === id)!;
}

async function runsOf(session: Session, alertId: number): Promise<AlertRun[]> {
  const answer = await api(ctx.base, session, 'GET', '/api/v1/alerts/runs');
  expect(answer.status).toBe(200);
  return (answer.body as AlertRun[]).filter((run) => run.alertId === alertId);
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  webhook = await startWebhookReceiver();
  ctx = await startChartsServer('sqlite', {
    SMTP_URL: smtp.url,
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  const { id } = await addUser(ctx.server, ctx.acme.accountId, {
    username: 'north',
    role: 'viewer',
  });
  const attributes = await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, {
    attributes: { region: 'North' },
  });
  expect(attributes.status).toBe(200);
  north = { id, session: await login(ctx.base, 'acme', 'north') };
  const policy = await api(
    ctx.base,
    ctx.acme.editor,
    'POST',
    `/api/v1/datasets/${ctx.acme.datasetId}/policies`,
    { field: 'region', op: '=', attribute: 'region' },
  );
  expect(policy.status).toBe(200);
  const sales = salesSpec(ctx.acme.datasetId, 'kpi');
  totalChartId = await makeChart(ctx.acme.editor, 'Total sales', {
    ...sales,
    query: { ...sales.query, dimensions: [], sort: [] },
    encoding: { y: ['sum_amount'] },
  });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await new Promise((done) => webhook?.server.close(done));
});

describe('an alert above a threshold', () => {
  let alert: Alert;

  it("is checked as its owner: North's total (30) is not above 50, the account's (82) is", async () => {
    const made = await setAlert(north.session, {
      name: 'North sales high',
      condition: { kind: 'above', threshold: 50 },
    });
    expect(made.status).toBe(200);
    alert = made.body as Alert;
    expect(alert).toMatchObject({ measure: 'sum_amount', state: 'unknown', paused: false });
    const admins = await setAlert(ctx.acme.admin, {
      name: 'All sales high',
      condition: { kind: 'above', threshold: 50 },
    });
    const adminAlert = admins.body as Alert;

    expect(await nextHour()).toEqual([alert.id, adminAlert.id]);
    expect(await alertOf(north.session, alert.id)).toMatchObject({ state: 'ok', lastValue: 30 });
    expect(mailsTo('north@test.example')).toHaveLength(0);
    expect(await alertOf(ctx.acme.admin, adminAlert.id)).toMatchObject({
      state: 'firing',
      lastValue: 82,
    });
    const admin = await ctx.server.app.db
      .selectFrom('users')
      .select('email')
      .where('account_id', '=', ctx.acme.accountId)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(mailsTo(admin.email)).toHaveLength(1);
    // The admin's alert is done with: deleted with its runs.
    const deleted = await api(
      ctx.base,
      ctx.acme.admin,
      'DELETE',
      `/api/v1/alerts/${adminAlert.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(await runsOf(ctx.acme.admin, adminAlert.id)).toEqual([]);
  });

  it('tells its owner once when the value crosses the threshold, not while it holds', async () => {
    await changeWarehouse("insert into sales values ('2024-04-01', 'North', 25)");
    await nextHour();
    expect(await alertOf(north.session, alert.id)).toMatchObject({
      state: 'firing',
      lastValue: 55,
    });
    const [mail] = mailsTo('north@test.example');
    expect(mailsTo('north@test.example')).toHaveLength(1);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Alert: North sales high · ${parsed.from?.value[0].name}`);
    expect(parsed.text).toContain('"Total sales" is 55: above 50.');
    expect(parsed.text).toContain('At the previous check it was 30.');
    expect(parsed.text).not.toContain('Brandboard');

    await nextHour();
    expect(mailsTo('north@test.example')).toHaveLength(1);
    expect((await runsOf(north.session, alert.id)).map((run) => run.outcome)).toEqual([
      'holding',
      'fired',
      'ok',
    ]);
  });

  it('tells its owner once when the value is back, then nothing', async () => {
    await changeWarehouse("delete from sales where day = '2024-04-01'");
    await nextHour();
    expect(mailsTo('north@test.example')).toHaveLength(2);
    const parsed = await simpleParser(mailsTo('north@test.example')[1].raw);
    expect(parsed.subject).toMatch(/^Resolved: North sales high · /);
    expect(parsed.text).toContain('no longer above 50');
    await nextHour();
    expect(mailsTo('north@test.example')).toHaveLength(2);
    const runs = await runsOf(north.session, alert.id);
    expect(runs.map((run) => run.outcome)).toEqual(['ok', 'recovered', 'holding', 'fired', 'ok']);
    expect(runs[1]).toMatchObject({ value: 30, recipients: ['north@test.example'] });
    expect(runs[0].recipients).toEqual([]);
    expect(runs[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('is not checked while paused, and says so', async () => {
    const path = `/api/v1/alerts/${alert.id}`;
    const paused = await api(ctx.base, north.session, 'PATCH', path, { paused: true });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true });
    expect(await nextHour()).not.toContain(alert.id);
    const resumed = await api(ctx.base, north.session, 'PATCH', path, { paused: false });
    expect(resumed.body).toMatchObject({ paused: false });
    expect(await nextHour()).toContain(alert.id);
  });
});

describe('an alert on change', () => {
  it("fires when the series' last point changes by more than N% from the previous check", async () => {
    const byDay = await makeChart(ctx.acme.editor, 'Sales by day', {
      ...salesSpec(ctx.acme.datasetId, 'line'),
      query: {
        datasetId: ctx.acme.datasetId,
        dimensions: [{ field: 'day', grain: 'day' }],
        measures: [{ field: 'amount', agg: 'sum' }],
        filters: [],
        sort: [{ key: 'day', dir: 'asc' }],
      },
      encoding: { x: 'day', y: ['sum_amount'] },
    });
    const made = await setAlert(ctx.acme.admin, {
      chartId: byDay,
      name: 'Daily sales jump',
      condition: { kind: 'change', percent: 50 },
      channel: 'webhook',
      webhookUrl: webhook.url,
    });
    expect(made.status).toBe(200);
    const alert = made.body as Alert;

    await nextHour(); // the last point, East's 7 on 2024-03-03: nothing to compare with
    expect(await alertOf(ctx.acme.admin, alert.id)).toMatchObject({ state: 'ok', lastValue: 7 });
    await changeWarehouse("insert into sales values ('2024-05-01', 'East', 9)");
    await nextHour(); // 7 -> 9: +29%
    expect(webhook.received).toHaveLength(0);
    await changeWarehouse("insert into sales values ('2024-05-02', 'East', 20)");
    await nextHour(); // 9 -> 20: +122%
    expect(webhook.received).toHaveLength(1);
    const told = JSON.parse(webhook.received[0]) as Record<string, unknown>;
    expect(told).toMatchObject({
      state: 'firing',
      value: 20,
      previousValue: 9,
      chart: { id: byDay, name: 'Sales by day' },
    });
    expect(told.text).toContain('Daily sales jump');
    await nextHour(); // 20 -> 20: no change, it ends
    expect(webhook.received).toHaveLength(2);
    expect(JSON.parse(webhook.received[1])).toMatchObject({ state: 'ok', value: 20 });
    const runs = await runsOf(ctx.acme.admin, alert.id);
    expect(runs.map((run) => run.outcome)).toEqual(['recovered', 'fired', 'ok', 'ok']);
    expect(runs[0].recipients).toEqual(['127.0.0.1:' + new URL(webhook.url).port]);
    await changeWarehouse("delete from sales where day >= '2024-05-01'");
  });
});

describe('a failing alert', () => {
  it('records the error on the run and on the alert, shown with its chart', async () => {
    const chartId = await makeChart(ctx.acme.editor, 'Total sales again', {
      ...salesSpec(ctx.acme.datasetId, 'kpi'),
      query: {
        datasetId: ctx.acme.datasetId,
        dimensions: [],
        measures: [{ field: 'amount', agg: 'sum' }],
        filters: [],
        sort: [],
      },
      encoding: { y: ['sum_amount'] },
    });
    const made = await setAlert(ctx.acme.admin, {
      chartId,
      name: 'Breaks',
      condition: { kind: 'below', threshold: 0 },
    });
    const alert = made.body as Alert;
    // The dataset loses its table: the chart's query fails.
    await changeWarehouse('alter table sales rename to sales_gone');
    try {
      await nextHour();
    } finally {
      await changeWarehouse('alter table sales_gone rename to sales');
    }
    const onChart = await api(ctx.base, ctx.acme.admin, 'GET', `/api/v1/alerts?chartId=${chartId}`);
    expect(onChart.status).toBe(200);
    const [shown] = onChart.body as Alert[];
    expect(shown).toMatchObject({ id: alert.id, state: 'unknown' });
    expect(shown.lastError).toBeTruthy();
    expect(shown.lastError).not.toMatch(/Catalog Error|duckdb|sales_gone/i);
    const [run] = await runsOf(ctx.acme.admin, alert.id);
    expect(run).toMatchObject({ outcome: 'failed', error: shown.lastError, recipients: [] });

    // The next check reads the chart again and clears the error.
    await nextHour();
    const after = await alertOf(ctx.acme.admin, alert.id);
    expect(after.lastError).toBeUndefined();
    expect(after).toMatchObject({ state: 'ok', lastValue: 82 });
  });
});

describe('alert routes', () => {
  it('refuses a chart that is not a number or one series, naming the field', async () => {
    const spec = salesSpec(ctx.acme.datasetId, 'table');
    const twoDimensions = await makeChart(ctx.acme.editor, 'By region and day', {
      ...spec,
      query: { ...spec.query, dimensions: [{ field: 'region' }, { field: 'day', grain: 'month' }] },
    });
    const refused = await setAlert(ctx.acme.editor, {
      chartId: twoDimensions,
      name: 'x',
      condition: { kind: 'above', threshold: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'chartId' });
    const badMeasure = await setAlert(ctx.acme.editor, {
      name: 'x',
      measure: 'avg_amount',
      condition: { kind: 'above', threshold: 1 },
    });
    expect(badMeasure.status).toBe(400);
    expect(badMeasure.body).toMatchObject({ field: 'measure' });
    const badCondition = await setAlert(ctx.acme.editor, {
      name: 'x',
      condition: { kind: 'change', percent: -5 },
    });
    expect(badCondition.status).toBe(400);
    expect(JSON.stringify(badCondition.body)).toContain('must be more than 0');
    const noChart = await setAlert(ctx.acme.editor, {
      chartId: 999999,
      name: 'x',
      condition: { kind: 'above', threshold: 1 },
    });
    expect(noChart.status).toBe(404);
  });

  it('keeps webhooks to editors and admins, and alerts to their owner, admins and tenant', async () => {
    const byViewer = await setAlert(north.session, {
      name: 'hook',
      condition: { kind: 'above', threshold: 1 },
      channel: 'webhook',
      webhookUrl: webhook.url,
    });
    expect(byViewer.status).toBe(403);
    const mine = await api(ctx.base, north.session, 'GET', '/api/v1/alerts');
    const ownIds = (mine.body as Alert[]).map((alert) => alert.createdBy);
    expect(new Set(ownIds)).toEqual(new Set([north.id]));
    expect((await api(ctx.base, north.session, 'GET', '/api/v1/alerts?all=true')).status).toBe(403);
    const all = await api(ctx.base, ctx.acme.admin, 'GET', '/api/v1/alerts?all=true');
    expect((all.body as Alert[]).length).toBeGreaterThan(ownIds.length);

    const [northAlert] = mine.body as Alert[];
    const path = `/api/v1/alerts/${northAlert.id}`;
    expect((await api(ctx.base, ctx.acme.editor, 'PATCH', path, { paused: true })).status).toBe(
      404,
    );
    expect((await api(ctx.base, ctx.globex.editor, 'DELETE', path)).status).toBe(404);
    const other = await api(ctx.base, ctx.globex.editor, 'GET', '/api/v1/alerts/runs');
    expect(other.body).toEqual([]);
    const renamed = await api(ctx.base, ctx.acme.admin, 'PATCH', path, { name: 'Renamed' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', createdBy: north.id });
  });
});
