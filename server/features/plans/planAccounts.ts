import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/errors';

// Accounts and the pricing plans they are on.

/** Links accounts without a plan to the plan whose name matches their plan label (seeding). */
export async function linkAccountsToPlansByName(db: Kysely<Database>): Promise<void> {
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

/** A checkDelete of the plans: 409 while accounts are on the plan. */
export async function refuseDeletingPlanInUse(db: Kysely<Database>, planId: number): Promise<void> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count > 0) {
    throw conflict(
      `This plan cannot be deleted: ${count} account${count === 1 ? ' is' : 's are'} on it.`,
    );
  }
}

/** Keeps the plan label of the plan's accounts equal to its name after an edit. */
export async function relabelAccountsOfPlan(
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
