import type { Kysely, Selectable } from 'kysely';
import type { Alert, AlertCondition, AlertRun } from '../../../common/api/alerts';
import type { Schedule } from '../../../common/api/subscriptions';
import { nowIso, type Database } from '../../db/schema';
import type { AlertsTable } from '../../db/subscriptionSchema';

// Alerts and their runs in the metadata store, always scoped to the account (but for the
// scheduled check, which names an alert by id alone).

type AlertRow = Selectable<AlertsTable>;

export interface NewAlert {
  accountId: number;
  chartId: number;
  createdBy: number;
  name: string;
  measure: string;
  condition: AlertCondition;
  schedule: Schedule;
  channel: 'email' | 'webhook';
  webhookUrl?: string;
  paused: boolean;
}

export type AlertChanges = Partial<
  Pick<NewAlert, 'name' | 'condition' | 'schedule' | 'channel' | 'webhookUrl' | 'paused'>
>;

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    chartId: row.chart_id,
    createdBy: row.created_by,
    name: row.name,
    measure: row.measure,
    condition: JSON.parse(row.condition_json) as AlertCondition,
    schedule: JSON.parse(row.schedule_json) as Schedule,
    channel: row.channel as Alert['channel'],
    ...(row.webhook_url !== null && { webhookUrl: row.webhook_url }),
    paused: Boolean(Number(row.paused)),
    state: row.state as Alert['state'],
    ...(row.last_value !== null && { lastValue: Number(row.last_value) }),
    ...(row.last_checked_at !== null && { lastCheckedAt: row.last_checked_at }),
    ...(row.last_error !== null && { lastError: row.last_error }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertAlert(db: Kysely<Database>, input: NewAlert): Promise<Alert> {
  const now = nowIso();
  const row = await db
    .insertInto('alerts')
    .values({
      account_id: input.accountId,
      chart_id: input.chartId,
      created_by: input.createdBy,
      name: input.name,
      measure: input.measure,
      condition_json: JSON.stringify(input.condition),
      schedule_json: JSON.stringify(input.schedule),
      channel: input.channel,
      webhook_url: input.webhookUrl ?? null,
      paused: input.paused ? 1 : 0,
      state: 'unknown',
      last_value: null,
      last_checked_at: null,
      last_error: null,
      last_tick: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAlert(row);
}

/**
 * Changes an alert. A changed condition or watched value starts afresh (its state unknown,
 * so the next check tells nothing about the old condition ending).
 */
export async function updateAlert(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  changes: AlertChanges,
): Promise<Alert> {
  const row = await db
    .updateTable('alerts')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.condition && {
        condition_json: JSON.stringify(changes.condition),
        state: 'unknown',
      }),
      ...(changes.schedule && { schedule_json: JSON.stringify(changes.schedule) }),
      ...(changes.channel && { channel: changes.channel }),
      ...(changes.channel === 'email' && { webhook_url: null }),
      ...(changes.webhookUrl !== undefined && { webhook_url: changes.webhookUrl }),
      ...(changes.paused !== undefined && { paused: changes.paused ? 1 : 0 }),
      updated_at: nowIso(),
    })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAlert(row);
}

export async function findAlert(db: Kysely<Database>, accountId: number, id: number) {
  const row = await db
    .selectFrom('alerts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toAlert(row);
}

/** The account's alerts (with `ownerId`, that user's; with `chartId`, on that chart). */
export async function alertsOf(
  db: Kysely<Database>,
  accountId: number,
  filter: { ownerId?: number; chartId?: number } = {},
): Promise<Alert[]> {
  let query = db.selectFrom('alerts').selectAll().where('account_id', '=', accountId);
  if (filter.ownerId !== undefined) query = query.where('created_by', '=', filter.ownerId);
  if (filter.chartId !== undefined) query = query.where('chart_id', '=', filter.chartId);
  const rows = await query.orderBy('id').execute();
  return rows.map(toAlert);
}

export async function deleteAlert(db: Kysely<Database>, accountId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('alert_runs').where('alert_id', '=', id).execute();
    await trx
      .deleteFrom('alerts')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  });
}

/** Every alert that is not paused, with its account's time zone. */
export function activeAlerts(db: Kysely<Database>) {
  return db
    .selectFrom('alerts')
    .leftJoin('company_profiles', 'company_profiles.account_id', 'alerts.account_id')
    .select([
      'alerts.id',
      'alerts.schedule_json',
      'alerts.last_tick',
      'alerts.created_at',
      'company_profiles.time_zone',
    ])
    .where('alerts.paused', '=', 0)
    .execute();
}

/** Moves an alert's last tick from `previous` to `tick`; false when another instance did. */
export async function claimAlertTick(
  db: Kysely<Database>,
  id: number,
  previous: string | null,
  tick: string,
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ last_tick: tick })
    .where('id', '=', id)
    .where((eb) =>
      previous === null ? eb('last_tick', 'is', null) : eb('last_tick', '=', previous),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An alert by id alone (a queued check names no account), with its account. */
export async function findAlertForCheck(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { accountId: row.account_id, ...toAlert(row) };
}

/** The run of a tick, started now unless it exists; answers it. */
export async function startAlertRun(
  db: Kysely<Database>,
  run: { accountId: number; alertId: number; tick: string },
) {
  await db
    .insertInto('alert_runs')
    .values({
      account_id: run.accountId,
      alert_id: run.alertId,
      tick: run.tick,
      started_at: nowIso(),
      duration_ms: null,
      value: null,
      recipients_json: '[]',
      outcome: 'running',
      error: null,
    })
    .onConflict((conflict) => conflict.columns(['alert_id', 'tick']).doNothing())
    .execute();
  return db
    .selectFrom('alert_runs')
    .selectAll()
    .where('alert_id', '=', run.alertId)
    .where('tick', '=', run.tick)
    .executeTakeFirstOrThrow();
}

export interface AlertCheckResult {
  outcome: Exclude<AlertRun['outcome'], 'running'>;
  durationMs: number;
  value?: number;
  recipients: string[];
  error?: string;
  /** The alert's state after the check (unchanged after a failure). */
  state?: Alert['state'];
  checkedAt: string;
}

/** Records a check on its run and on the alert (state, value, error) together. */
export async function finishAlertRun(
  db: Kysely<Database>,
  ids: { alertId: number; runId: number },
  result: AlertCheckResult,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('alert_runs')
      .set({
        outcome: result.outcome,
        duration_ms: result.durationMs,
        value: result.value ?? null,
        recipients_json: JSON.stringify(result.recipients),
        error: result.error ?? null,
      })
      .where('id', '=', ids.runId)
      .execute();
    await trx
      .updateTable('alerts')
      .set({
        last_checked_at: result.checkedAt,
        last_error: result.error ?? null,
        ...(result.state && { state: result.state }),
        ...(result.value !== undefined && { last_value: result.value }),
      })
      .where('id', '=', ids.alertId)
      .execute();
  });
}

export async function alertRunsOf(
  db: Kysely<Database>,
  accountId: number,
  alertIds: number[],
): Promise<AlertRun[]> {
  if (alertIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('alert_id', 'in', alertIds)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    alertId: row.alert_id,
    tick: row.tick,
    startedAt: row.started_at,
    ...(row.duration_ms !== null && { durationMs: Number(row.duration_ms) }),
    ...(row.value !== null && { value: Number(row.value) }),
    recipients: JSON.parse(row.recipients_json) as string[],
    outcome: row.outcome as AlertRun['outcome'],
    ...(row.error !== null && { error: row.error }),
  }));
}
