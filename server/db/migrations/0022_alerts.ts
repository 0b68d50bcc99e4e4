import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Alerts: a chart's number (or a series' last point) checked on a schedule against a
// condition, with its state (so that a change is told once) and the record of each check.
// One run per alert and schedule tick: the unique index makes a tick run once across
// instances and retries, as for subscriptions (0018).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('alerts'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('chart_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('measure', 'text', (c) => c.notNull())
    .addColumn('condition_json', 'text', (c) => c.notNull())
    .addColumn('schedule_json', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('last_value', 'double precision')
    .addColumn('last_checked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_tick', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alerts_account_chart')
    .on('alerts')
    .columns(['account_id', 'chart_id'])
    .execute();
  await withId(db, db.schema.createTable('alert_runs'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('alert_id', 'integer', (c) => c.notNull())
    .addColumn('tick', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('value', 'double precision')
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('alert_runs_tick')
    .on('alert_runs')
    .columns(['alert_id', 'tick'])
    .unique()
    .execute();
  await db.schema
    .createIndex('alert_runs_account')
    .on('alert_runs')
    .columns(['account_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_runs').execute();
  await db.schema.dropTable('alerts').execute();
}
