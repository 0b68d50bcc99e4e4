import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

// The plan routes' reads of the metadata store (the `pricing` resource's are contentCrud's).

/** The active pricing plans, in their order. */
export function findActivePlans(db: Kysely<Database>) {
  return db
    .selectFrom('pricing_plans')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Links accounts without a plan to the plan whose name matches their plan label. */
export async function linkUnplannedAccountsByLabel(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      plan_id: sql<
        number | null
      >`(select min(p.id) from pricing_plans p where lower(p.name) = lower(accounts.plan))`,
    })
    .where('plan_id', 'is', null)
    .execute();
}

/** How many accounts are on the plan. */
export async function countAccountsOnPlan(db: Kysely<Database>, planId: number): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sets the plan label of the plan's accounts to its name where it differs. */
export async function setPlanLabelOfAccounts(
  db: Kysely<Database>,
  plan: { id: number; name: string },
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ plan: plan.name })
    .where('plan_id', '=', plan.id)
    .where('plan', '!=', plan.name)
    .execute();
}

/** The plan's id and name, by id. */
export function findPlanNameById(db: Kysely<Database>, planId: number) {
  return db
    .selectFrom('pricing_plans')
    .select(['id', 'name'])
    .where('id', '=', planId)
    .executeTakeFirst();
}

/** The first plan whose name is `name` in any case. */
export function findPlanByNameIgnoringCase(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('pricing_plans')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
}

/** The account's pricing plan row with its limits, when it has one. */
export function findPlanOfAccount(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('accounts')
    .innerJoin('pricing_plans', 'pricing_plans.id', 'accounts.plan_id')
    .select([
      'pricing_plans.id',
      'pricing_plans.name',
      'pricing_plans.max_users',
      'pricing_plans.max_dashboards',
      'pricing_plans.max_data_sources',
      'pricing_plans.max_storage_mb',
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}

/** How many rows of `table` belong to the account. */
export async function countAccountRows(
  db: Kysely<Database>,
  table: 'users' | 'dashboards' | 'data_sources',
  accountId: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks the account's row until the caller's transaction ends (PostgreSQL FOR NO KEY UPDATE). */
export async function lockAccountRow(trx: Kysely<Database>, accountId: number): Promise<void> {
  await trx
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .execute();
}
