import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../common/languages';
import type { Database } from './schema';

/**
 * The language a user's messages are written in: their own choice, else their account's
 * default (its company profile), else English.
 */
export async function recipientLanguage(
  db: Kysely<Database>,
  userId: number,
): Promise<LanguageCode> {
  const row = await db
    .selectFrom('users')
    .leftJoin('company_profiles', 'company_profiles.account_id', 'users.account_id')
    .select(['users.language as own', 'company_profiles.language as account'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (isLanguageCode(row?.own)) return row.own;
  if (isLanguageCode(row?.account)) return row.account;
  return DEFAULT_LANGUAGE;
}
