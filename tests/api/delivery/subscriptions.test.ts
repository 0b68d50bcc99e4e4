import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionRun } from '../../../common/api/subscriptions';
import type { Dashboard } from '../../../common/charts';
import { addUser } from '../authFixtures';
import {
  createDashboard,
  salesSpec,
  startChartsServer,
  tabbedDashboardBody,
  type ChartsServer,
} from '../chartsHarness';
import { api, login, type Session } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { pdfPageTexts } from './pdfPages';

// Subscriptions delivered for real: to a local SMTP server (smtp-server) and a local webhook
// receiver (an HTTP server that records what it is sent), with the check driven by a fake
// clock. Two recipients with different attributes get different numbers; a tick runs once.

const WEB_DIR = resolve('dist');
const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: ChartsServer;
let smtp: LocalSmtpServer;
let webhook: { server: Server; url: string; received: Array<{ path: string; body: string }> };
let dashboard: Dashboard;
let tableChartId: number;
let north: { id: number; session: Session };
let southEast: { id: number; session: Session };
const scratch = mkdtempSync(join(tmpdir(), 'delivery-subscriptions-'));

async function viewerWith(username: string, attributes: object) {
  const { id } = await addUser(ctx.server, ctx.acme.accountId, { username, role: 'viewer' });
  const answer = await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, { attributes });
  expect(answer.status).toBe(200);
  return { id, session: await login(ctx.base, 'acme', username) };
}

function pdfText(pdf: Buffer, name: string): string {
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '1', file, join(scratch, name)]);
  expect(existsSync(join(scratch, `${name}-1.png`))).toBe(true);
  return execFileSync('pdftotext', [file, '-']).toString();
}

async function sheetRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function startWebhookReceiver() {
  const received: Array<{ path: string; body: string }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/sales`, received };
}

async function subscribe(session: Session, body: object) {
  return api(ctx.base, session, 'POST', '/api/v1/subscriptions', {
    dashboardId: dashboard.id,
    schedule: { every: 'day', time: '08:00' },
    ...body,
  });
}

/** The deliveries due a day from now, each waited for. */
async function runDueDeliveries(daysAhead: number) {
  const deliveries = ctx.server.app.subscriptionDeliveries;
  const due = await deliveries.queueDue(new Date(Date.now() + daysAhead * DAY_MS));
  for (const payload of due) await deliveries.deliver(payload);
  return due;
}

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html')))
    throw new Error('Build the web app first: npx vite build');
  smtp = await startLocalSmtpServer();
  webhook = await startWebhookReceiver();
  ctx = await startChartsServer('sqlite', {
    WEB_DIR,
    SMTP_URL: smtp.url,
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  const table = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
    datasetId: ctx.acme.datasetId,
    name: 'Sales table',
    spec: { ...salesSpec(ctx.acme.datasetId, 'table'), options: { numberFormat: 'currency:USD' } },
  });
  tableChartId = (table.body as { id: number }).id;
  dashboard = await createDashboard(ctx.base, ctx.acme, [tableChartId], 'Regional sales review');
  north = await viewerWith('north', { region: 'North' });
  southEast = await viewerWith('southeast', { region: ['South', 'East'] });
  const policy = await api(
    ctx.base,
    ctx.acme.editor,
    'POST',
    `/api/v1/datasets/${ctx.acme.datasetId}/policies`,
    {
      field: 'region',
      op: '=',
      attribute: 'region',
    },
  );
  expect(policy.status).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await new Promise((done) => webhook?.server.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

describe('subscriptions', () => {
  let mails: ParsedMail[];
  let subscription: Subscription;

  it('e-mails each recipient the dashboard rendered as them, once per tick', async () => {
    const made = await subscribe(ctx.acme.editor, {
      recipientIds: [north.id, southEast.id],
      attachments: { chartIds: [tableChartId], format: 'xlsx' },
    });
    expect(made.status).toBe(200);
    subscription = made.body as Subscription;
    expect(subscription).toMatchObject({
      channel: 'email',
      recipientIds: [north.id, southEast.id],
    });

    const due = await runDueDeliveries(2);
    expect(due).toHaveLength(1);
    // The same clock again, as a second instance's check would see it: nothing more is due.
    expect(
      await ctx.server.app.subscriptionDeliveries.queueDue(new Date(Date.now() + 2 * DAY_MS)),
    ).toEqual([]);
    mails = await Promise.all((await smtp.waitFor(2)).map((mail) => simpleParser(mail.raw)));
    expect(smtp.received).toHaveLength(2);
  });

  it('gives two recipients with different attributes different numbers', async () => {
    const to = (username: string) =>
      mails.find((mail) => mail.to && JSON.stringify(mail.to).includes(`${username}@`))!;
    const northMail = to('north');
    const southMail = to('southeast');
    expect(northMail.subject).toBe('Regional sales review · ' + northMail.from?.value[0].name);
    const pdfOf = (mail: ParsedMail) =>
      mail.attachments.find((file) => file.contentType === 'application/pdf')!.content;
    const northText = pdfText(pdfOf(northMail), 'north');
    expect(northText).toContain('Regional sales review');
    expect(northText).toContain('$30.00');
    expect(northText).not.toContain('South');
    expect(northText).not.toContain('Brandboard');
    const southText = pdfText(pdfOf(southMail), 'southeast');
    expect(southText).toContain('$45.00');
    expect(southText).toContain('East');
    expect(southText).not.toContain('North');

    const xlsxOf = (mail: ParsedMail) =>
      mail.attachments.find((file) => file.filename === 'sales-table.xlsx')!.content;
    expect(await sheetRows(xlsxOf(northMail))).toEqual([
      ['Region', 'Sum of Amount'],
      ['North', 30],
    ]);
    expect(await sheetRows(xlsxOf(southMail))).toEqual([
      ['Region', 'Sum of Amount'],
      ['East', 7],
      ['South', 45],
    ]);
  });

  it('records the run, listed for its maker and for the account admin', async () => {
    const mine = await api(ctx.base, ctx.acme.editor, 'GET', '/api/v1/subscriptions/runs');
    expect(mine.status).toBe(200);
    const [run] = mine.body as SubscriptionRun[];
    expect(run).toMatchObject({
      subscriptionId: subscription.id,
      outcome: 'sent',
      recipients: ['north@test.example', 'southeast@test.example'],
    });
    expect(run.durationMs).toBeGreaterThan(0);
    const all = await api(ctx.base, ctx.acme.admin, 'GET', '/api/v1/subscriptions/runs?all=true');
    expect((all.body as SubscriptionRun[]).map((r) => r.id)).toContain(run.id);
    expect(
      (await api(ctx.base, ctx.acme.editor, 'GET', '/api/v1/subscriptions/runs?all=true')).status,
    ).toBe(403);
    // A recipient sees the subscription they receive.
    const received = await api(ctx.base, north.session, 'GET', '/api/v1/subscriptions');
    expect((received.body as Subscription[]).map((s) => s.id)).toEqual([subscription.id]);
  });

  it('unsubscribes a recipient by the link in their e-mail', async () => {
    const northMail = mails.find((mail) => JSON.stringify(mail.to).includes('north@'))!;
    const link = /Unsubscribe: (\S+)/.exec(northMail.text ?? '')![1];
    const url = new URL(link);
    // mailparser reads the List-* headers into `list`: the same link, for one-click clients.
    expect(JSON.stringify(northMail.headers.get('list'))).toContain(url.pathname);
    const answer = await fetch(`${ctx.base}${url.pathname}`, { headers: { site: 'acme' } });
    expect(answer.status).toBe(200);
    const after = await api(ctx.base, ctx.acme.editor, 'GET', '/api/v1/subscriptions');
    const mine = (after.body as Subscription[]).find((s) => s.id === subscription.id)!;
    expect(mine.recipientIds).toEqual([southEast.id]);
    const forged = await fetch(`${ctx.base}${url.pathname}x`, { headers: { site: 'acme' } });
    expect(forged.status).toBe(404);
  });

  it('lets a viewer subscribe only themselves, naming what is wrong', async () => {
    const own = await subscribe(north.session, {});
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ createdBy: north.id, recipientIds: [north.id] });
    const ownPath = `/api/v1/subscriptions/${(own.body as Subscription).id}`;
    // Another viewer cannot see or delete it; its maker can.
    expect((await api(ctx.base, southEast.session, 'DELETE', ownPath)).status).toBe(404);
    expect((await api(ctx.base, north.session, 'DELETE', ownPath)).status).toBe(200);
    expect((await api(ctx.base, north.session, 'DELETE', ownPath)).status).toBe(404);
    expect((await subscribe(north.session, { recipientIds: [southEast.id] })).status).toBe(403);
    const unknown = await subscribe(ctx.acme.editor, { recipientIds: [999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'recipientIds.0' });
    const badTime = await subscribe(ctx.acme.editor, { schedule: { every: 'day', time: '25:00' } });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain('must be a time such as 08:00');
  });
});

describe('webhook subscriptions', () => {
  it('refuses a webhook on a private address the operator did not allow, naming the field', async () => {
    const refused = await subscribe(ctx.acme.admin, {
      channel: 'webhook',
      webhookUrl: 'http://10.1.2.3/hook',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'webhookUrl' });
    expect(JSON.stringify(refused.body)).toContain('WEBHOOK_ALLOWED_HOSTS');
    const byViewer = await subscribe(north.session, {
      channel: 'webhook',
      webhookUrl: webhook.url,
    });
    expect(byViewer.status).toBe(403);
  });

  it("posts the dashboard's numbers as its maker sees them, Slack-shaped, with a signed picture link", async () => {
    // The editor is held by the policy and has no region: no rows. The admin is not held.
    const made = await subscribe(ctx.acme.admin, { channel: 'webhook', webhookUrl: webhook.url });
    expect(made.status).toBe(200);
    const subscription = made.body as Subscription;
    const due = await runDueDeliveries(3);
    expect(due.map((payload) => payload.subscriptionId)).toContain(subscription.id);
    const posted = webhook.received.filter((request) => request.path === '/hooks/sales');
    expect(posted).toHaveLength(1);
    const body = JSON.parse(posted[0].body) as {
      text: string;
      charts: Array<{ name: string; rows: unknown[][] }>;
      imageUrl: string;
    };
    expect(body.text).toContain('Regional sales review');
    expect(body.charts).toEqual([
      {
        name: 'Sales table',
        columns: ['region', 'sum_amount'],
        rows: [
          ['East', 7],
          ['North', 30],
          ['South', 45],
        ],
      },
    ]);
    const image = new URL(body.imageUrl);
    const picture = await fetch(`${ctx.base}${image.pathname}${image.search}`, {
      headers: { site: 'acme' },
    });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const tampered = await fetch(`${ctx.base}${image.pathname}${image.search}x`, {
      headers: { site: 'acme' },
    });
    expect(tampered.status).toBe(404);
  });
});

describe('an e-mail of a dashboard with tabs', () => {
  let mail: ParsedMail;

  beforeAll(async () => {
    const chartIds = [tableChartId];
    for (const [name, type] of [
      ['Revenue columns', 'column'],
      ['Revenue bars', 'bar'],
      ['Revenue lines', 'line'],
    ] as const) {
      const chart = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
        datasetId: ctx.acme.datasetId,
        name,
        spec: salesSpec(ctx.acme.datasetId, type),
      });
      expect(chart.status).toBe(200);
      chartIds.push((chart.body as { id: number }).id);
    }
    const body = tabbedDashboardBody(chartIds, 'Tabbed sales');
    body.tabs = [
      { id: 'overview', title: 'Quarter overview' },
      { id: 'details', title: 'Regional details' },
    ];
    const created = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', body);
    expect(created.status).toBe(200);
    const made = await api(ctx.base, north.session, 'POST', '/api/v1/subscriptions', {
      dashboardId: (created.body as Dashboard).id,
      schedule: { every: 'day', time: '08:00' },
    });
    expect(made.status).toBe(200);
    const before = smtp.received.length;
    await ctx.server.app.subscriptionDeliveries.deliver({
      subscriptionId: (made.body as Subscription).id,
      tick: new Date().toISOString(),
    });
    const received = await smtp.waitFor(before + 1);
    const parsed = await Promise.all(
      received.slice(before).map((raw) => simpleParser(raw.raw, { keepCidLinks: true })),
    );
    mail = parsed.find((one) => one.subject?.startsWith('Tabbed sales'))!;
    expect(mail).toBeDefined();
  });

  it('attaches a PDF with each tab on its own pages under its title', () => {
    const pdf = mail.attachments.find((file) => file.contentType === 'application/pdf')!;
    expect(pdf.contentDisposition).toBe('attachment');
    const pages = pdfPageTexts(pdf.content, join(scratch, 'tabbed-mail.pdf'));
    const pageOf = (text: string) => pages.findIndex((page) => page.includes(text));
    expect(pageOf('Quarter overview')).toBe(0);
    expect(pageOf('Sales table')).toBe(0);
    const details = pageOf('Regional details');
    expect(details).toBeGreaterThan(0);
    // The second tab takes two screenfuls: its charts are on its pages, none before.
    for (const title of ['Revenue columns', 'Revenue bars', 'Revenue lines'])
      expect(pageOf(title)).toBeGreaterThanOrEqual(details);
    expect(pages.slice(0, details).join('\n')).not.toContain('Revenue');
    // Rendered as the recipient: their rows only.
    expect(pages[0]).toContain('$30.00');
    expect(pages.join('\n')).not.toContain('South');
  });

  it('shows the first three charts inline as PNG pictures the HTML names by cid, titled', () => {
    const pictures = mail.attachments.filter((file) => file.contentType === 'image/png');
    expect(pictures).toHaveLength(3);
    const html = mail.html as string;
    const shown = [...html.matchAll(/<img src="cid:([^"]+)" alt="([^"]+)"/g)].map((match) => ({
      cid: match[1],
      alt: match[2],
    }));
    // In reading order: the first tab's chart, then the second tab's first row (its grid
    // packs "Revenue bars" up beside "Revenue columns", on the left).
    expect(shown.map((image) => image.alt)).toEqual([
      'Sales table',
      'Revenue bars',
      'Revenue columns',
    ]);
    for (const image of shown) {
      const picture = pictures.find((file) => file.cid === image.cid)!;
      expect(picture.contentDisposition).toBe('inline');
      expect(picture.related).toBe(true);
      expect(picture.content.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(mail.text).toContain('Tabbed sales');
    expect(html).not.toContain('Brandboard');
  });
});
