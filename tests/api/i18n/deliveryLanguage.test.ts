import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../authFixtures';
import { createDashboard, salesSpec, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api, login, type Session } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';

// Subscription and alert e-mails go out in the recipient's language (their own, else their
// account's default, else English), sent through a real local SMTP server; the dashboard is
// rendered by the built web app in Chromium.

const WEB_DIR = resolve('dist');
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

let ctx: ChartsServer;
let smtp: LocalSmtpServer;
let claire: { id: number; session: Session };
let omar: { id: number; session: Session };
let eve: { id: number; session: Session };
let totalChartId: number;

async function userSpeaking(username: string, language: string | null) {
  const { id } = await addUser(ctx.server, ctx.acme.accountId, { username, role: 'viewer' });
  await ctx.server.app.db.updateTable('users').set({ language }).where('id', '=', id).execute();
  return { id, session: await login(ctx.base, 'acme', username) };
}

/** The mails received so far to an address, parsed (MIME words and quoted-printable decoded). */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  const mine = smtp.received.filter((mail) => mail.to.includes(address));
  return Promise.all(mine.map((mail) => simpleParser(mail.raw)));
}

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html')))
    throw new Error('Build the web app first: npx vite build');
  smtp = await startLocalSmtpServer();
  ctx = await startChartsServer('sqlite', { WEB_DIR, SMTP_URL: smtp.url });
  claire = await userSpeaking('claire', 'fr');
  omar = await userSpeaking('omar', null);
  eve = await userSpeaking('eve', 'en');
  const sales = salesSpec(ctx.acme.datasetId, 'kpi');
  const made = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
    datasetId: ctx.acme.datasetId,
    name: 'Total sales',
    spec: {
      ...sales,
      query: { ...sales.query, dimensions: [], sort: [] },
      encoding: { y: ['sum_amount'] },
    },
  });
  expect(made.status).toBe(200);
  totalChartId = (made.body as { id: number }).id;
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('subscription e-mails in the recipient’s language', () => {
  it('writes a French user’s subscription e-mail in French, an English one’s in English', async () => {
    const dashboard = await createDashboard(ctx.base, ctx.acme, [totalChartId], 'Ventes');
    const made = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/subscriptions', {
      dashboardId: dashboard.id,
      schedule: { every: 'day', time: '08:00' },
      recipientIds: [claire.id, eve.id],
    });
    expect(made.status).toBe(200);
    const deliveries = ctx.server.app.subscriptionDeliveries;
    const due = await deliveries.queueDue(new Date(Date.now() + 2 * DAY_MS));
    expect(due).toHaveLength(1);
    for (const payload of due) await deliveries.deliver(payload);
    await smtp.waitFor(2);

    const [french] = await mailsTo('claire@test.example');
    expect(french.subject).toMatch(/^Ventes · /);
    expect(french.text).toMatch(/^Ventes, au \d{4}-\d\d-\d\d 08:00 UTC, est joint en PDF/);
    expect(french.text).toContain('avec les chiffres que vous pouvez voir.');
    expect(french.text).toContain('Vous recevez ce message en raison d’un abonnement sur ');
    expect(french.text).toContain('Se désabonner : http');
    expect(french.text).not.toMatch(/attached|Unsubscribe:|You receive/);
    expect(french.attachments.map((file) => file.contentType)).toContain('application/pdf');

    const [english] = await mailsTo('eve@test.example');
    expect(english.text).toContain('is attached as a PDF, with the figures you may see.');
    expect(english.text).toContain('Unsubscribe: http');
  });
});

describe('alert e-mails in the recipient’s language', () => {
  let hoursAhead = 0;
  async function nextHour() {
    hoursAhead += 1;
    const checks = ctx.server.app.alertChecks;
    const due = await checks.queueDue(new Date(Date.now() + hoursAhead * HOUR_MS + 1000));
    for (const payload of due) await checks.check(payload);
  }
  const alertBy = (session: Session, name: string) =>
    api(ctx.base, session, 'POST', '/api/v1/alerts', {
      chartId: totalChartId,
      schedule: { every: 'hour', minute: 0 },
      name,
      condition: { kind: 'below', threshold: 1_000_000 },
      channel: 'email',
    });

  it("writes to a French user in French and to a user who chose none in the account's Arabic", async () => {
    await ctx.server.app.db
      .updateTable('company_profiles')
      .set({ language: 'ar' })
      .where('account_id', '=', ctx.acme.accountId)
      .execute();
    expect((await alertBy(claire.session, 'Ventes basses')).status).toBe(200);
    expect((await alertBy(omar.session, 'مبيعات منخفضة')).status).toBe(200);
    const before = smtp.received.length;
    await nextHour();
    await smtp.waitFor(before + 2);

    const [french] = await mailsTo('claire@test.example').then((mails) => mails.slice(-1));
    expect(french.subject).toMatch(/^Alerte : Ventes basses · /);
    expect(french.text).toMatch(/« Total sales » vaut \d+ : en dessous de 1000000\./);
    expect(french.text).toContain('Les derniers chiffres que vous pouvez voir :');
    expect(french.text).toContain('Ouvrir le graphique : http');
    expect(french.text).not.toMatch(/Open the chart|You receive/);

    const [arabic] = await mailsTo('omar@test.example');
    expect(arabic.subject).toMatch(/^تنبيه: مبيعات منخفضة · /);
    expect(arabic.text).toMatch(/«Total sales» قيمته \d+: أقل من 1000000\./);
    expect(arabic.text).toContain('فتح المخطط: http');
  });
});
