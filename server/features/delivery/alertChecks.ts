import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Alert } from '../../../common/api/alerts';
import type { SavedChart } from '../../../common/charts';
import type { Role } from '../../../common/types';
import { ApiError } from '../../errors';
import type { JobHandle } from '../../jobs/jobQueue';
import { recipientLanguage } from '../../db/recipientLanguage';
import { findAccountIdentity } from '../../mail/accountName';
import { siteUrl } from '../../mail/publicUrls';
import { mailStringsOf, type MailStrings } from '../../mail/texts';
import { findChartRow, toSavedChart } from '../charts/repository';
import {
  activeAlerts,
  claimAlertTick,
  finishAlertRun,
  findAlertForCheck,
  startAlertRun,
  type AlertCheckResult,
} from './alertRepository';
import { conditionHolds, transitionOf, watchedValue } from './alertConditions';
import { chartRows } from './exports';
import { recipientUsers } from './repository';
import { dueTick } from './schedules';
import { checkWebhookUrl } from './webhookHosts';

// Checks of alerts, on the subscriptions' recipe: the periodic check (deliveries.ts's, once
// a minute over all instances) queues one job per due schedule tick, claimed in the store so
// that no other instance queues it again; the job records one run per tick and reads the
// chart as the alert's owner (their row policies). Its owner is told when the condition
// starts to hold and when it ends, never while it holds. A check that cannot read the chart
// records why on the run and the alert (shown on the chart); one that cannot tell is retried.

export const AlertCheckPayload = z.object({ alertId: z.number().int(), tick: z.string() });
export type AlertCheckPayload = z.infer<typeof AlertCheckPayload>;

const WEBHOOK_TIMEOUT_MS = 15_000;
const POINTS_TOLD = 10;
const DONE_OUTCOMES = new Set(['ok', 'fired', 'holding', 'recovered']);

declare module 'fastify' {
  interface FastifyInstance {
    alertChecks: {
      /** Queues the checks due at `now` (the periodic check; tests give their own clock). */
      queueDue: (now: Date) => Promise<AlertCheckPayload[]>;
      /** Waits for one tick's check, queueing it unless it is queued or running already. */
      check: (payload: AlertCheckPayload) => Promise<void>;
    };
  }
}

export function registerAlertChecks(app: FastifyInstance) {
  const check: JobHandle<AlertCheckPayload, void> = app.jobs.define({
    name: 'alert-check',
    payload: AlertCheckPayload,
    run: (payload) => checkAlert(app, payload),
    attempts: 3,
    backoffMs: 30_000,
    keyOf: (payload) => `alert-${payload.alertId}-${payload.tick.replace(/\D/g, '')}`,
  });
  const queueDue = (now: Date) => queueDueChecks(app, check, now);
  app.decorate('alertChecks', { queueDue, check: check.enqueueAndWait });
  return queueDue;
}

async function queueDueChecks(
  app: FastifyInstance,
  check: JobHandle<AlertCheckPayload, void>,
  now: Date,
): Promise<AlertCheckPayload[]> {
  const queued: AlertCheckPayload[] = [];
  for (const row of await activeAlerts(app.db)) {
    const since = new Date(row.last_tick ?? row.created_at);
    const schedule = JSON.parse(row.schedule_json) as Alert['schedule'];
    const tick = dueTick(schedule, row.time_zone ?? 'UTC', since, now)?.toISOString();
    if (!tick || !(await claimAlertTick(app.db, row.id, row.last_tick, tick))) continue;
    const payload = { alertId: row.id, tick };
    await check.enqueue(payload);
    queued.push(payload);
  }
  return queued;
}

type CheckedAlert = Alert & { accountId: number };

interface Reading {
  chart: SavedChart;
  value: number;
  /** The last points of the series (label, value), the value last. */
  points: Array<[string, number]>;
}

async function checkAlert(app: FastifyInstance, { alertId, tick }: AlertCheckPayload) {
  const alert = await findAlertForCheck(app.db, alertId);
  if (!alert || alert.paused) return;
  const run = await startAlertRun(app.db, { accountId: alert.accountId, alertId, tick });
  if (DONE_OUTCOMES.has(run.outcome)) return;
  const startedAt = performance.now();
  const finish = (result: Omit<AlertCheckResult, 'durationMs' | 'checkedAt'>) =>
    finishAlertRun(
      app.db,
      { alertId, runId: run.id },
      {
        ...result,
        durationMs: Math.round(performance.now() - startedAt),
        checkedAt: new Date().toISOString(),
      },
    );

  let reading: Reading;
  try {
    reading = await readChart(app, alert);
  } catch (error) {
    await finish({ outcome: 'failed', recipients: [], error: shownError(app, alert, error) });
    return;
  }
  const holds = conditionHolds(alert.condition, reading.value, alert.lastValue);
  const outcome = transitionOf(alert.state, holds);
  const state = holds ? 'firing' : 'ok';
  const recipients: string[] = [];
  if (outcome === 'fired' || outcome === 'recovered') {
    try {
      recipients.push(await tell(app, alert, reading, outcome));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await finish({ outcome: 'failed', value: reading.value, recipients, error: message });
      throw error;
    }
  }
  await finish({ outcome, value: reading.value, recipients, state });
}

/** Why a chart gives no value to compare (said to its owner as it is). */
class AlertReadError extends Error {}

/** A check's error as its owner may read it: ours say what is wrong, an engine's do not. */
function shownError(app: FastifyInstance, alert: CheckedAlert, error: unknown): string {
  if (error instanceof ApiError && error.statusCode < 500) return error.message;
  if (error instanceof AlertReadError) return error.message;
  app.log.warn({ err: error, alertId: alert.id }, 'An alert check could not read its chart.');
  return "The chart's query failed; the check is tried again at the next time.";
}

async function ownerOf(app: FastifyInstance, alert: CheckedAlert) {
  const [owner] = await recipientUsers(app.db, alert.accountId, [alert.createdBy]);
  if (!owner) throw new AlertReadError("The alert's owner is no longer an active user.");
  return owner;
}

/** The chart as the alert's owner may read it, and the value the alert watches. */
async function readChart(app: FastifyInstance, alert: CheckedAlert): Promise<Reading> {
  const owner = await ownerOf(app, alert);
  const chart = toSavedChart(await findChartRow(app.db, alert.accountId, alert.chartId));
  const viewer = await app.queryEngine.viewerOf({
    id: owner.id,
    accountId: owner.account_id,
    role: owner.role as Role,
  });
  const answer = await chartRows(app, { accountId: alert.accountId, chart, viewer });
  let value: number;
  try {
    value = watchedValue(answer, alert.measure);
  } catch (error) {
    throw new AlertReadError((error as Error).message);
  }
  const column = answer.columns.findIndex((c) => c.name === alert.measure);
  const label = chart.spec.query.dimensions.length > 0 ? 0 : -1;
  const points = answer.rows.slice(-POINTS_TOLD).map((row): [string, number] => {
    const name = label >= 0 ? String(row[label] ?? '') : chart.name;
    return [name, Number(row[column])];
  });
  return { chart, value, points };
}

/** Tells the owner (e-mail) or the webhook; answers who was told. */
async function tell(
  app: FastifyInstance,
  alert: CheckedAlert,
  reading: Reading,
  outcome: 'fired' | 'recovered',
): Promise<string> {
  const identity = await findAccountIdentity(app.db, alert.accountId);
  const chartUrl = siteUrl(app.config, identity.site, `/aicharts/${alert.chartId}/show`);
  const headline = (texts: MailStrings['alert']) => {
    const condition = texts.condition(alert.condition);
    return outcome === 'fired'
      ? texts.fired(reading.chart.name, reading.value, condition)
      : texts.recovered(reading.chart.name, reading.value, condition);
  };
  if (alert.channel === 'webhook') {
    return postToWebhook(app, alert, {
      text: `${alert.name} · ${identity.name}\n${headline(mailStringsOf('en').alert)}\n<${chartUrl}|Open the chart>`,
      alert: { id: alert.id, name: alert.name, condition: alert.condition },
      chart: { id: alert.chartId, name: reading.chart.name },
      state: outcome === 'fired' ? 'firing' : 'ok',
      value: reading.value,
      ...(alert.lastValue !== undefined && { previousValue: alert.lastValue }),
      points: reading.points,
    });
  }
  const owner = await ownerOf(app, alert);
  const texts = mailStringsOf(await recipientLanguage(app.db, owner.id)).alert;
  const stored = await app.outbox.store(app.db, {
    accountId: alert.accountId,
    recipient: owner.email,
    type: 'alert',
    subject: texts.subject(outcome, alert.name, identity.name),
    body: [
      headline(texts),
      ...(alert.lastValue !== undefined ? [texts.previous(alert.lastValue)] : []),
      '',
      texts.latestFigures,
      ...reading.points.map(([name, value]) => `- ${name}: ${value}`),
      '',
      texts.openChart(chartUrl),
      '',
      texts.footer(alert.name, identity.name),
    ].join('\n'),
  });
  if ((await stored.send()) === 'failed') {
    throw new Error(`The e-mail to ${owner.email} could not be sent; it is retried.`);
  }
  return owner.email;
}

async function postToWebhook(app: FastifyInstance, alert: CheckedAlert, body: object) {
  const url = alert.webhookUrl!;
  await checkWebhookUrl(url, app.config.webhookAllowedHosts);
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  if (!answer.ok) throw new Error(`The webhook answered ${answer.status}; it is retried.`);
  return new URL(url).host;
}
