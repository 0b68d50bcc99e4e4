import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Subscription } from '../../../common/api/subscriptions';
import type { SavedChart } from '../../../common/charts';
import { toCsv } from '../../../common/csv';
import { exportFileName } from '../../../common/fileNames';
import type { Role } from '../../../common/types';
import { ApiError } from '../../errors';
import type { JobHandle } from '../../jobs/jobQueue';
import { recipientLanguage } from '../../db/recipientLanguage';
import { findAccountIdentity } from '../../mail/accountName';
import { escapeHtml } from '../../mail/html';
import type { MailAttachment } from '../../mail/mailer';
import { siteUrl } from '../../mail/publicUrls';
import { mailStringsOf, type MailStrings } from '../../mail/texts';
import type { Viewer } from '../../query/compile/rowPolicies';
import { chartsByIds } from '../charts/repository';
import { loadDataset } from '../datasets/repository';
import { chartIdsOf, findDashboardRow, toDashboard } from '../dashboards/repository';
import { signRenderToken } from '../shares/renderTokenService';
import { chartWorkbook, columnLabelOf } from './chartWorkbook';
import type { RenderedChart } from './dashboardRenderer';
import { chartRows, renderDashboardWithCharts } from './exports';
import {
  activeSubscriptions,
  claimTick,
  findSubscriptionForDelivery,
  finishRun,
  recipientUsers,
  recordRunRecipients,
  startRun,
} from './repository';
import { dueTick } from './schedules';
import { signUnsubscribeToken } from './unsubscribeLinks';
import { checkWebhookUrl } from './webhookHosts';

// Deliveries of subscriptions: a periodic check (routes.ts: once a minute over all instances) queues one
// job per due schedule tick, keyed by subscription and tick, and claims the tick in the store
// so that no other instance queues it again; the job records one run per tick (a unique
// index) and delivers: to each recipient an e-mail with the dashboard rendered as them, or a
// webhook POST of the dashboard's numbers as its maker sees them. A retry skips the
// recipients a failed attempt already reached.

export const DeliveryPayload = z.object({ subscriptionId: z.number().int(), tick: z.string() });
export type DeliveryPayload = z.infer<typeof DeliveryPayload>;

const WEBHOOK_TIMEOUT_MS = 15_000;
const PNG_LINK_SECONDS = 7 * 24 * 60 * 60;
const WEBHOOK_CHARTS = 12;
const WEBHOOK_ROWS = 20;
/** Charts an e-mail shows inline as pictures (the dashboard's first ones). */
const INLINE_CHARTS = 3;

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionDeliveries: {
      /** Queues the deliveries due at `now` (the periodic check; tests give their own clock). */
      queueDue: (now: Date) => Promise<DeliveryPayload[]>;
      /** Waits for one tick's delivery, queueing it unless it is queued or running already. */
      deliver: (payload: DeliveryPayload) => Promise<void>;
    };
  }
}

/** Declares the delivery job; answers the check that queues the deliveries due at a time. */
export function registerSubscriptionDeliveries(app: FastifyInstance) {
  const delivery: JobHandle<DeliveryPayload, void> = app.jobs.define({
    name: 'subscription-delivery',
    payload: DeliveryPayload,
    run: (payload) => deliver(app, payload),
    attempts: 3,
    backoffMs: 30_000,
    keyOf: (payload) => `subscription-${payload.subscriptionId}-${payload.tick.replace(/\D/g, '')}`,
  });
  const queueDue = (now: Date) => queueDueDeliveries(app, delivery, now);
  app.decorate('subscriptionDeliveries', { queueDue, deliver: delivery.enqueueAndWait });
  return queueDue;
}

async function queueDueDeliveries(
  app: FastifyInstance,
  delivery: JobHandle<DeliveryPayload, void>,
  now: Date,
): Promise<DeliveryPayload[]> {
  const queued: DeliveryPayload[] = [];
  for (const row of await activeSubscriptions(app.db)) {
    const since = new Date(row.last_tick ?? row.created_at);
    const schedule = JSON.parse(row.schedule_json) as Subscription['schedule'];
    const tick = dueTick(schedule, row.time_zone ?? 'UTC', since, now)?.toISOString();
    if (!tick || !(await claimTick(app.db, row.id, row.last_tick, tick))) continue;
    const payload = { subscriptionId: row.id, tick };
    await delivery.enqueue(payload);
    queued.push(payload);
  }
  return queued;
}

type DeliveredSubscription = Subscription & { accountId: number };

async function deliver(app: FastifyInstance, { subscriptionId, tick }: DeliveryPayload) {
  const subscription = await findSubscriptionForDelivery(app.db, subscriptionId);
  if (!subscription || subscription.paused) return;
  const run = await startRun(app.db, { accountId: subscription.accountId, subscriptionId, tick });
  if (run.outcome === 'sent') return;
  const startedAt = performance.now();
  const reached = new Set(JSON.parse(run.recipients_json) as string[]);
  const durationMs = () => Math.round(performance.now() - startedAt);
  try {
    if (subscription.channel === 'webhook')
      await deliverToWebhook(app, subscription, tick, reached);
    else await deliverByEmail(app, subscription, tick, reached, run.id);
    await finishRun(app.db, run.id, {
      outcome: 'sent',
      durationMs: durationMs(),
      recipients: [...reached],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(app.db, run.id, {
      outcome: 'failed',
      durationMs: durationMs(),
      recipients: [...reached],
      error: message,
    });
    throw error;
  }
}

/** A chart's data the viewer may read, or null when they may not (a refusal, a policy). */
async function readableRows(
  app: FastifyInstance,
  subscription: DeliveredSubscription,
  chart: SavedChart,
  viewer: Viewer,
) {
  const dashboard = toDashboard(
    await findDashboardRow(app.db, subscription.accountId, subscription.dashboardId),
  );
  try {
    return await chartRows(app, {
      accountId: subscription.accountId,
      chart,
      viewer,
      dashboard: { dashboard, values: subscription.filters },
    });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) return null;
    throw error;
  }
}

async function chartAttachment(
  app: FastifyInstance,
  subscription: DeliveredSubscription,
  chart: SavedChart,
  viewer: Viewer,
): Promise<MailAttachment | null> {
  const answer = await readableRows(app, subscription, chart, viewer);
  if (!answer) return null;
  const dataset = await loadDataset(app.db, subscription.accountId, chart.datasetId);
  const labels = new Map(dataset.fields.map((field) => [field.name, field.label]));
  if (subscription.attachments.format === 'xlsx') {
    return {
      filename: exportFileName(chart.name, 'xlsx'),
      content: await chartWorkbook(chart.name, chart.spec, answer, labels),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
  const labelOf = columnLabelOf(chart.spec, labels);
  const csv = toCsv([answer.columns.map((column) => labelOf(column.name)), ...answer.rows]);
  return {
    filename: exportFileName(chart.name, 'csv'),
    content: Buffer.from(csv),
    contentType: 'text/csv',
  };
}

function viewerOfUser(
  app: FastifyInstance,
  user: { id: number; account_id: number; role: string },
) {
  return app.queryEngine.viewerOf({
    id: user.id,
    accountId: user.account_id,
    role: user.role as Role,
  });
}

async function deliverByEmail(
  app: FastifyInstance,
  subscription: DeliveredSubscription,
  tick: string,
  reached: Set<string>,
  runId: number,
) {
  const { accountId } = subscription;
  const dashboard = toDashboard(
    await findDashboardRow(app.db, accountId, subscription.dashboardId),
  );
  const identity = await findAccountIdentity(app.db, accountId);
  const onDashboard = new Set(chartIdsOf(dashboard));
  const attached = (await chartsByIds(app.db, accountId, subscription.attachments.chartIds)).filter(
    (chart) => onDashboard.has(chart.id),
  );
  for (const user of await recipientUsers(app.db, accountId, subscription.recipientIds)) {
    if (reached.has(user.email)) continue;
    const viewer = await viewerOfUser(app, user);
    const render = { accountId, dashboardId: dashboard.id, viewer, filters: subscription.filters };
    const rendered = await renderDashboardWithCharts(
      app,
      { ...render, format: 'pdf' },
      INLINE_CHARTS,
    );
    const pictures = inlinePictures(rendered.charts, runId, identity.site);
    const attachments: MailAttachment[] = [
      {
        filename: exportFileName(dashboard.name, 'pdf', 'dashboard'),
        content: rendered.file,
        contentType: 'application/pdf',
      },
      ...pictures.map((picture) => picture.attachment),
    ];
    const leftOut: string[] = [];
    for (const chart of attached) {
      const file = await chartAttachment(app, subscription, chart, viewer);
      if (file) attachments.push(file);
      else leftOut.push(chart.name);
    }
    const token = await signUnsubscribeToken(app.config.appSecret, accountId, {
      subscriptionId: subscription.id,
      userId: user.id,
    });
    const unsubscribe = siteUrl(app.config, identity.site, `/api/v1/unsubscribe/${token}`);
    const texts = mailStringsOf(await recipientLanguage(app.db, user.id)).subscription;
    const lines = emailLines(texts, dashboard.name, tick, leftOut);
    const footer = texts.footer(identity.name, unsubscribe);
    const stored = await app.outbox.store(app.db, {
      accountId,
      recipient: user.email,
      type: 'subscription',
      subject: texts.subject(dashboard.name, identity.name),
      body: [...lines, '', footer].join('\n'),
      html: emailHtml(lines, pictures, footer),
      attachments,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    if ((await stored.send()) === 'failed') {
      throw new Error(`The e-mail to ${user.email} could not be sent; it is retried.`);
    }
    reached.add(user.email);
    await recordRunRecipients(app.db, runId, [...reached]);
  }
}

/** The e-mail's pictures of charts: attachments shown inline by their content id. */
function inlinePictures(charts: RenderedChart[], runId: number, site: string) {
  return charts.map((chart, index) => {
    const cid = `chart-${index + 1}.run-${runId}@${site}`;
    const attachment: MailAttachment = {
      filename: exportFileName(chart.title, 'png', 'chart'),
      content: chart.png,
      contentType: 'image/png',
      cid,
    };
    return { cid, title: chart.title, attachment };
  });
}

/** What the e-mail says, in the recipient's language, above its pictures and footer. */
function emailLines(
  texts: MailStrings['subscription'],
  dashboardName: string,
  tick: string,
  leftOut: string[],
): string[] {
  return [
    texts.attached(dashboardName, tick.slice(0, 16).replace('T', ' ')),
    ...leftOut.map(texts.leftOut),
  ];
}

/** The text as HTML, with the first charts' pictures (alt text: their titles) below it. */
function emailHtml(
  lines: string[],
  pictures: { cid: string; title: string }[],
  footer: string,
): string {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  const figures = pictures.map(
    ({ cid, title }) =>
      `<p><img src="cid:${escapeHtml(cid)}" alt="${escapeHtml(title)}" style="max-width:100%;height:auto"></p>`,
  );
  const small = `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`;
  return `<!doctype html><html><body>${[...paragraphs, ...figures, small].join('')}</body></html>`;
}

/** The dashboard's numbers as its maker sees them, in JSON that Slack's webhooks also take. */
async function deliverToWebhook(
  app: FastifyInstance,
  subscription: DeliveredSubscription,
  tick: string,
  reached: Set<string>,
) {
  const { accountId } = subscription;
  const [maker] = await recipientUsers(app.db, accountId, [subscription.createdBy]);
  if (!maker) throw new Error('The subscription has no active maker; it is not delivered.');
  const viewer = await viewerOfUser(app, maker);
  const dashboard = toDashboard(
    await findDashboardRow(app.db, accountId, subscription.dashboardId),
  );
  const identity = await findAccountIdentity(app.db, accountId);
  const charts = (await chartsByIds(app.db, accountId, chartIdsOf(dashboard))).slice(
    0,
    WEBHOOK_CHARTS,
  );
  const numbers = [];
  for (const chart of charts) {
    const answer = await readableRows(app, subscription, chart, viewer);
    numbers.push(
      answer
        ? {
            name: chart.name,
            columns: answer.columns.map((column) => column.name),
            rows: answer.rows.slice(0, WEBHOOK_ROWS),
          }
        : { name: chart.name, leftOut: 'not readable by the subscription maker' },
    );
  }
  const token = await signRenderToken(
    app.config.appSecret,
    accountId,
    {
      dashboardId: dashboard.id,
      roles: viewer.roles,
      attributes: viewer.attributes,
      filters: subscription.filters,
    },
    PNG_LINK_SECONDS,
  );
  const imageUrl = siteUrl(
    app.config,
    identity.site,
    `/api/v1/dashboardImages/${dashboard.id}?token=${token}`,
  );
  const body = {
    text: `${dashboard.name} · ${identity.name}\n<${imageUrl}|The dashboard as a picture>`,
    dashboard: { id: dashboard.id, name: dashboard.name },
    tick,
    charts: numbers,
    imageUrl,
  };
  const url = subscription.webhookUrl!;
  await checkWebhookUrl(url, app.config.webhookAllowedHosts);
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  if (!answer.ok) throw new Error(`The webhook answered ${answer.status}; it is retried.`);
  reached.add(new URL(url).host);
}
