import { sql, type Kysely } from 'kysely';
import { nowIso, type Database } from '../../db/schema';

// The getting-started checklist's reads of the metadata store, and its milestones.

type Db = Kysely<Database>;
type CountedTable = 'data_sources' | 'datasets' | 'dashboards' | 'share_links' | 'users';

/** How many rows of `table` the account has: external sources only, or unrevoked links. */
export async function countAccountRows(
  db: Db,
  table: CountedTable,
  accountId: number,
  extra?: 'external' | 'unrevoked',
): Promise<number> {
  let query = db
    .selectFrom(table)
    .select(sql<number | string>`count(*)`.as('count'))
    .where('account_id', '=', accountId);
  if (extra === 'external') query = query.where(sql<boolean>`type <> 'duckdb'`);
  if (extra === 'unrevoked') query = query.where(sql<boolean>`revoked_at is null`);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The account's brand colours and whether it has a logo. */
export function findBrandMarks(db: Db, accountId: number) {
  return db
    .selectFrom('company_profiles')
    .select(['primary_color', 'secondary_color', sql<number>`logo is not null`.as('has_logo')])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Records the milestone reached now, unless it is recorded already. */
export async function insertMilestone(
  db: Db,
  accountId: number,
  userId: number,
  name: string,
): Promise<void> {
  await db
    .insertInto('account_milestones')
    .values({ account_id: accountId, user_id: userId, name, reached_at: nowIso() })
    .onConflict((conflict) => conflict.columns(['account_id', 'user_id', 'name']).doNothing())
    .execute();
}

export async function deleteMilestone(
  db: Db,
  accountId: number,
  userId: number,
  name: string,
): Promise<void> {
  await db
    .deleteFrom('account_milestones')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .execute();
}

export async function milestoneExists(
  db: Db,
  accountId: number,
  userId: number,
  name: string,
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
