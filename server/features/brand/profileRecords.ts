import { sql, type Kysely } from 'kysely';
import type { CompanyProfile } from '../../../src/model/types';
import { toCompanyProfile } from '../../db/rows';
import type { Database } from '../../db/schema';

// Reading company profiles. The logo bytes are read only by GET /logo; records carry hasLogo.

/** null: every account (platform admins); a number: that account only. */
export type AccountScope = number | null;

const hasLogo = sql<number>`case when company_profiles.logo is null then 0 else 1 end`;

/** Every profile column but the logo, plus `has_logo`, limited to `scope`. */
export function selectProfiles(db: Kysely<Database>, scope: AccountScope) {
  return db
    .selectFrom('company_profiles')
    .select([
      'company_profiles.id',
      'company_profiles.account_id',
      'company_profiles.name',
      'company_profiles.website',
      'company_profiles.primary_color',
      'company_profiles.secondary_color',
      'company_profiles.logo_mime',
      hasLogo.as('has_logo'),
    ])
    .$if(scope !== null, (query) => query.where('company_profiles.account_id', '=', scope!));
}

/** The profile `id` if `scope` may see it, else undefined (callers answer 404). */
export async function findProfile(
  db: Kysely<Database>,
  id: number,
  scope: AccountScope,
): Promise<CompanyProfile | undefined> {
  const row = await selectProfiles(db, scope)
    .where('company_profiles.id', '=', id)
    .executeTakeFirst();
  return row && toCompanyProfile(row);
}

export async function findProfileOfAccount(
  db: Kysely<Database>,
  accountId: number,
): Promise<CompanyProfile | undefined> {
  const row = await selectProfiles(db, accountId).executeTakeFirst();
  return row && toCompanyProfile(row);
}

export async function findLogoOfAccount(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ bytes: Buffer; mime: string } | undefined> {
  const row = await db
    .selectFrom('company_profiles')
    .select(['logo', 'logo_mime'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_mime) return undefined;
  return { bytes: Buffer.from(row.logo), mime: row.logo_mime };
}
