import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';
import type { SsoSettingsTable } from './ssoSchema';

// An account's single sign-on settings, read by sign-in (may passwords be used?), the sign-in
// flow, the settings section and SCIM (its token).

export type SsoSettingsRow = Selectable<SsoSettingsTable>;

export async function findSsoSettings(
  db: Kysely<Database>,
  accountId: number,
): Promise<SsoSettingsRow | null> {
  const row = await db
    .selectFrom('sso_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ?? null;
}

/** False only when the account signs in with single sign-on and turned passwords off. */
export async function passwordSignInAllowed(
  db: Kysely<Database>,
  accountId: number,
): Promise<boolean> {
  const row = await findSsoSettings(db, accountId);
  return !row || !row.enabled || Boolean(row.password_sign_in);
}
