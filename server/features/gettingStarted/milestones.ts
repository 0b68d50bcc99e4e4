import type { Kysely } from 'kysely';
import { nowIso, type Database } from '../../db/schema';

// Milestones of getting started that the account's records cannot tell.

/** user_id of a milestone reached by the whole account. */
const WHOLE_ACCOUNT = 0;

type MilestoneName = 'asked' | 'checklist-dismissed';

/**
 * Records the milestone once. Reached already (the usual case: every question asked records
 * 'asked'), it is only read, so a hot path does not write and empty the metadata caches.
 */
export async function reachMilestone(
  db: Kysely<Database>,
  accountId: number,
  name: MilestoneName,
  userId = WHOLE_ACCOUNT,
): Promise<void> {
  if (await hasMilestone(db, accountId, name, userId)) return;
  await db
    .insertInto('account_milestones')
    .values({ account_id: accountId, user_id: userId, name, reached_at: nowIso() })
    .onConflict((conflict) => conflict.columns(['account_id', 'user_id', 'name']).doNothing())
    .execute();
}

export async function forgetMilestone(
  db: Kysely<Database>,
  accountId: number,
  name: MilestoneName,
  userId = WHOLE_ACCOUNT,
): Promise<void> {
  await db
    .deleteFrom('account_milestones')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .execute();
}

export async function hasMilestone(
  db: Kysely<Database>,
  accountId: number,
  name: MilestoneName,
  userId = WHOLE_ACCOUNT,
): Promise<boolean> {
  const row = await db
    .selectFrom('account_milestones')
    .select('name')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
