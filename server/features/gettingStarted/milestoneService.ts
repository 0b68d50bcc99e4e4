import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteMilestone, insertMilestone, milestoneExists } from './repository';

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
  await insertMilestone(db, accountId, userId, name);
}

export async function forgetMilestone(
  db: Kysely<Database>,
  accountId: number,
  name: MilestoneName,
  userId = WHOLE_ACCOUNT,
): Promise<void> {
  await deleteMilestone(db, accountId, userId, name);
}

export async function hasMilestone(
  db: Kysely<Database>,
  accountId: number,
  name: MilestoneName,
  userId = WHOLE_ACCOUNT,
): Promise<boolean> {
  return milestoneExists(db, accountId, userId, name);
}
