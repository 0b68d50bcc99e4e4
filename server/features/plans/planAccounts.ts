import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import {
  countAccountsOnPlan,
  linkUnplannedAccountsByLabel,
  setPlanLabelOfAccounts,
} from './repository';

// Accounts and the pricing plans they are on.

/** Links accounts without a plan to the plan whose name matches their plan label (seeding). */
export async function linkAccountsToPlansByName(db: Kysely<Database>): Promise<void> {
  await linkUnplannedAccountsByLabel(db);
}

/** A checkDelete of the plans: 409 while accounts are on the plan. */
export async function refuseDeletingPlanInUse(db: Kysely<Database>, planId: number): Promise<void> {
  const count = await countAccountsOnPlan(db, planId);
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
  await setPlanLabelOfAccounts(db, plan);
}
