import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Plan limits (users, dashboards, data sources, storage) and accounts linked to a plan.
// A null limit means unlimited. `accounts.plan` stays as the plan's name (a label for lists
// and older clients); `accounts.plan_id` is the plan whose limits hold. An account without a
// plan (the platform account) has no limits.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

const LIMIT_COLUMNS = ['max_users', 'max_dashboards', 'max_data_sources', 'max_storage_mb'];

/** The limits of the plans seeded by earlier versions, matched by name. */
const SEEDED_PLAN_LIMITS = [
  { name: 'Free', max_users: 3, max_dashboards: 5, max_data_sources: 2, max_storage_mb: 500 },
  {
    name: 'Team',
    max_users: 25,
    max_dashboards: null,
    max_data_sources: 20,
    max_storage_mb: 10240,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of LIMIT_COLUMNS) {
    await db.schema.alterTable('pricing_plans').addColumn(column, 'integer').execute();
  }
  await db.schema
    .alterTable('accounts')
    .addColumn('plan_id', 'integer', (col) => col.references('pricing_plans.id'))
    .execute();
  await db.schema.createIndex('accounts_plan_id').on('accounts').column('plan_id').execute();

  for (const { name, ...limits } of SEEDED_PLAN_LIMITS) {
    await db.updateTable('pricing_plans').set(limits).where('name', '=', name).execute();
  }
  // Existing accounts keep their plan: the one whose name matches their plan label.
  await db
    .updateTable('accounts')
    .set({
      plan_id: sql`(select min(p.id) from pricing_plans p where lower(p.name) = lower(accounts.plan))`,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_plan_id').execute();
  await db.schema.alterTable('accounts').dropColumn('plan_id').execute();
  for (const column of LIMIT_COLUMNS) {
    await db.schema.alterTable('pricing_plans').dropColumn(column).execute();
  }
}
