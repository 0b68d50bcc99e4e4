import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Subscriptions: a dashboard delivered on a schedule (in the account's time zone, now on the
// company profile) by e-mail or webhook, and the record of each delivery run. One run per
// subscription and schedule tick: the unique index is what makes a tick run once across
// instances and retries.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('company_profiles')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await withId(db, db.schema.createTable('subscriptions'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dashboard_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('schedule_json', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('filters_json', 'text', (c) => c.notNull())
    .addColumn('attachments_json', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_tick', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_account')
    .on('subscriptions')
    .columns(['account_id', 'dashboard_id'])
    .execute();
  await withId(db, db.schema.createTable('subscription_runs'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('tick', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('subscription_runs_tick')
    .on('subscription_runs')
    .columns(['subscription_id', 'tick'])
    .unique()
    .execute();
  await db.schema
    .createIndex('subscription_runs_account')
    .on('subscription_runs')
    .columns(['account_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_runs').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.alterTable('company_profiles').dropColumn('time_zone').execute();
}
