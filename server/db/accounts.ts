import type { Kysely } from 'kysely';
import { PLATFORM_SITE } from '../../common/types';
import type { Database } from './schema';

// Lookups of the accounts table every layer needs: the account of a request's site, the
// platform's own account, and an account's names as its messages show them.

export function findAccountRowBySite(db: Kysely<Database>, site: string) {
  return db.selectFrom('accounts').selectAll().where('site', '=', site).executeTakeFirst();
}

export async function platformAccountId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', PLATFORM_SITE)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account's site, its own name and its company profile's name (null without one). */
export function findAccountNames(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('accounts')
    .leftJoin('company_profiles', 'company_profiles.account_id', 'accounts.id')
    .select(['accounts.site', 'accounts.name', 'company_profiles.name as brandName'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirstOrThrow();
}
