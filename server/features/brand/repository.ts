import { sql, type Kysely, type Updateable } from 'kysely';
import type { CompanyProfile } from '../../../common/types';
import { toCompanyProfile } from '../../db/rows';
import type { CompanyProfilesTable, Database } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { isUniqueViolation } from '../../http/uniqueViolation';

// Company profiles. The logo bytes are read only by GET /logo; records carry hasLogo.

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
      'company_profiles.time_zone',
      'company_profiles.language',
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

export interface NewProfile {
  accountId: number;
  name: string;
  website: string;
  primaryColor: string;
  secondaryColor: string;
  timeZone: string;
  language: string | null;
}

export type ProfileChanges = Updateable<CompanyProfilesTable>;

/**
 * Inserts the account's profile, answering its id; an unknown account answers 400, an
 * account that has one already 409.
 */
export function insertProfile(
  db: Kysely<Database>,
  profile: NewProfile,
  logo: ProfileChanges,
): Promise<number> {
  const alreadyHasOne = () =>
    conflict('accountId: this account already has a company profile.', 'accountId');
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', profile.accountId)
      .executeTakeFirst();
    if (!account) throw badRequest('accountId: no account has this id.', 'accountId');
    const taken = await trx
      .selectFrom('company_profiles')
      .select('id')
      .where('account_id', '=', profile.accountId)
      .executeTakeFirst();
    if (taken) throw alreadyHasOne();
    const inserted = await trx
      .insertInto('company_profiles')
      .values({
        account_id: profile.accountId,
        name: profile.name,
        website: profile.website,
        primary_color: profile.primaryColor,
        secondary_color: profile.secondaryColor,
        time_zone: profile.timeZone,
        language: profile.language,
        logo: null,
        logo_mime: null,
        ...logo,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyHasOne();
        throw error;
      });
    return inserted.id;
  });
}

export async function updateProfile(
  db: Kysely<Database>,
  id: number,
  changes: ProfileChanges,
): Promise<void> {
  await db.updateTable('company_profiles').set(changes).where('id', '=', id).execute();
}

export async function deleteProfile(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('company_profiles').where('id', '=', id).execute();
}
