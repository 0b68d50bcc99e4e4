import type { Kysely, Selectable } from 'kysely';
import type { Schedule, Subscription, SubscriptionRun } from '../../../common/api/subscriptions';
import type { DashboardFilterValue } from '../../../common/charts';
import { nowIso, type Database } from '../../db/schema';
import type { SubscriptionsTable } from '../../db/subscriptionSchema';

// Subscriptions and their runs in the metadata store, always scoped to the account.

type SubscriptionRow = Selectable<SubscriptionsTable>;

export interface NewSubscription {
  accountId: number;
  dashboardId: number;
  createdBy: number;
  schedule: Schedule;
  channel: 'email' | 'webhook';
  webhookUrl?: string;
  recipientIds: number[];
  filters: DashboardFilterValue[];
  attachments: Subscription['attachments'];
  paused: boolean;
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    dashboardId: row.dashboard_id,
    createdBy: row.created_by,
    schedule: JSON.parse(row.schedule_json) as Schedule,
    channel: row.channel as Subscription['channel'],
    ...(row.webhook_url !== null && { webhookUrl: row.webhook_url }),
    recipientIds: JSON.parse(row.recipients_json) as number[],
    filters: JSON.parse(row.filters_json) as DashboardFilterValue[],
    attachments: JSON.parse(row.attachments_json) as Subscription['attachments'],
    paused: Boolean(Number(row.paused)),
    ...(row.last_tick !== null && { lastTick: row.last_tick }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertSubscription(db: Kysely<Database>, input: NewSubscription) {
  const now = nowIso();
  const row = await db
    .insertInto('subscriptions')
    .values({
      account_id: input.accountId,
      dashboard_id: input.dashboardId,
      created_by: input.createdBy,
      schedule_json: JSON.stringify(input.schedule),
      channel: input.channel,
      webhook_url: input.webhookUrl ?? null,
      recipients_json: JSON.stringify(input.recipientIds),
      filters_json: JSON.stringify(input.filters),
      attachments_json: JSON.stringify(input.attachments),
      paused: input.paused ? 1 : 0,
      last_tick: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubscription(row);
}

export async function findSubscription(db: Kysely<Database>, accountId: number, id: number) {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSubscription(row);
}

/** The account's subscriptions; with `userId`, those the user made or receives. */
export async function subscriptionsOf(db: Kysely<Database>, accountId: number, userId?: number) {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  const all = rows.map(toSubscription);
  return userId === undefined
    ? all
    : all.filter((s) => s.createdBy === userId || s.recipientIds.includes(userId));
}

export async function deleteSubscription(db: Kysely<Database>, accountId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('subscription_runs').where('subscription_id', '=', id).execute();
    await trx
      .deleteFrom('subscriptions')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  });
}

export async function setRecipients(db: Kysely<Database>, id: number, recipientIds: number[]) {
  await db
    .updateTable('subscriptions')
    .set({ recipients_json: JSON.stringify(recipientIds), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Every subscription that is not paused, with its account's time zone. */
export function activeSubscriptions(db: Kysely<Database>) {
  return db
    .selectFrom('subscriptions')
    .leftJoin('company_profiles', 'company_profiles.account_id', 'subscriptions.account_id')
    .select([
      'subscriptions.id',
      'subscriptions.schedule_json',
      'subscriptions.last_tick',
      'subscriptions.created_at',
      'company_profiles.time_zone',
    ])
    .where('subscriptions.paused', '=', 0)
    .execute();
}

/**
 * Moves a subscription's last tick from `previous` to `tick`; false when another instance
 * moved it first (that one queues the run).
 */
export async function claimTick(
  db: Kysely<Database>,
  id: number,
  previous: string | null,
  tick: string,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ last_tick: tick })
    .where('id', '=', id)
    .where((eb) =>
      previous === null ? eb('last_tick', 'is', null) : eb('last_tick', '=', previous),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The run of a tick, started now unless it exists; answers it (a done run is not redone). */
export async function startRun(
  db: Kysely<Database>,
  run: { accountId: number; subscriptionId: number; tick: string },
) {
  await db
    .insertInto('subscription_runs')
    .values({
      account_id: run.accountId,
      subscription_id: run.subscriptionId,
      tick: run.tick,
      started_at: nowIso(),
      duration_ms: null,
      recipients_json: '[]',
      outcome: 'running',
      error: null,
    })
    .onConflict((conflict) => conflict.columns(['subscription_id', 'tick']).doNothing())
    .execute();
  return db
    .selectFrom('subscription_runs')
    .selectAll()
    .where('subscription_id', '=', run.subscriptionId)
    .where('tick', '=', run.tick)
    .executeTakeFirstOrThrow();
}

export async function finishRun(
  db: Kysely<Database>,
  id: number,
  result: { outcome: 'sent' | 'failed'; durationMs: number; recipients: string[]; error?: string },
) {
  await db
    .updateTable('subscription_runs')
    .set({
      outcome: result.outcome,
      duration_ms: result.durationMs,
      recipients_json: JSON.stringify(result.recipients),
      error: result.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export async function runsOf(
  db: Kysely<Database>,
  accountId: number,
  subscriptionIds: number[],
): Promise<SubscriptionRun[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await db
    .selectFrom('subscription_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('started_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    tick: row.tick,
    startedAt: row.started_at,
    ...(row.duration_ms !== null && { durationMs: Number(row.duration_ms) }),
    recipients: JSON.parse(row.recipients_json) as string[],
    outcome: row.outcome as SubscriptionRun['outcome'],
    ...(row.error !== null && { error: row.error }),
  }));
}

/** The active users among `ids` of the account, with what a delivery needs of them. */
export function recipientUsers(db: Kysely<Database>, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'account_id', 'email', 'role'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where('active', '=', 1)
    .execute();
}

/** A subscription by id alone (a queued delivery names no account), with its account. */
export async function findSubscriptionForDelivery(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { accountId: row.account_id, ...toSubscription(row) };
}

/** Records the recipients a run has delivered to so far (a retry skips them). */
export async function recordRunRecipients(
  db: Kysely<Database>,
  runId: number,
  recipients: string[],
) {
  await db
    .updateTable('subscription_runs')
    .set({ recipients_json: JSON.stringify(recipients) })
    .where('id', '=', runId)
    .execute();
}

/** The names of the account's dashboards among `ids`. */
export async function dashboardNames(db: Kysely<Database>, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('dashboards')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function setSubscriptionPaused(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  paused: boolean,
) {
  const row = await db
    .updateTable('subscriptions')
    .set({ paused: paused ? 1 : 0, updated_at: nowIso() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubscription(row);
}
