import type { Insertable, Kysely, Updateable } from 'kysely';
import { nowIso, type Database, type UsersTable } from '../../db/schema';
import type { SsoSettingsTable } from '../../db/ssoSchema';
import type { UserRow } from '../users/repository';

// Settings, sign-ins under way and the users single sign-on finds or creates.

/** How long a started sign-in may take at the identity provider. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

export async function saveSsoSettings(
  db: Kysely<Database>,
  accountId: number,
  values: Omit<Insertable<SsoSettingsTable>, 'account_id' | 'updated_at' | 'scim_token_hash'>,
): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('sso_settings')
    .values({ ...values, account_id: accountId, updated_at })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_at }))
    .execute();
}

/** Stores the hash of a new SCIM token (settings made when missing, SSO off). */
export async function setScimTokenHash(
  db: Kysely<Database>,
  accountId: number,
  tokenHash: string,
): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('sso_settings')
    .values({
      account_id: accountId,
      display_name: '',
      issuer: '',
      client_id: '',
      client_secret_enc: '',
      role_claim: 'groups',
      role_map_json: '{}',
      default_role: 'viewer',
      attribute_claims_json: '{}',
      enabled: 0,
      password_sign_in: 1,
      scim_token_hash: tokenHash,
      updated_at,
    })
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({ scim_token_hash: tokenHash, updated_at }),
    )
    .execute();
}

export interface NewSignIn {
  accountId: number;
  browserKeyHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function insertSignIn(db: Kysely<Database>, signIn: NewSignIn): Promise<void> {
  // Sign-ins left unfinished go as new ones start.
  const stale = new Date(Date.now() - SIGN_IN_TTL_MS).toISOString();
  await db.deleteFrom('sso_sign_ins').where('created_at', '<', stale).execute();
  await db
    .insertInto('sso_sign_ins')
    .values({
      account_id: signIn.accountId,
      browser_key_hash: signIn.browserKeyHash,
      state: signIn.state,
      nonce: signIn.nonce,
      code_verifier: signIn.codeVerifier,
      created_at: nowIso(),
    })
    .execute();
}

/** The account's sign-in of this browser, still within its time and without a user yet. */
export async function findOpenSignIn(db: Kysely<Database>, accountId: number, keyHash: string) {
  const since = new Date(Date.now() - SIGN_IN_TTL_MS).toISOString();
  return db
    .selectFrom('sso_sign_ins')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('browser_key_hash', '=', keyHash)
    .where('user_id', 'is', null)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

export async function deleteSignIn(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('sso_sign_ins').where('id', '=', id).execute();
}

/** Marks the sign-in done: its ticket may now be traded once for a session of `userId`. */
export async function completeSignIn(
  db: Kysely<Database>,
  id: number,
  userId: number,
  ticketHash: string,
  idToken: string | null,
): Promise<void> {
  await db
    .updateTable('sso_sign_ins')
    .set({ user_id: userId, ticket_hash: ticketHash, id_token: idToken })
    .where('id', '=', id)
    .execute();
}

/**
 * Removes the account's completed sign-in of `ticketHash`; answers its user and the
 * provider's ID token, if any.
 */
export async function takeTicket(
  db: Kysely<Database>,
  accountId: number,
  ticketHash: string,
): Promise<{ userId: number; idToken: string | null } | null> {
  const since = new Date(Date.now() - SIGN_IN_TTL_MS).toISOString();
  const row = await db
    .deleteFrom('sso_sign_ins')
    .where('account_id', '=', accountId)
    .where('ticket_hash', '=', ticketHash)
    .where('created_at', '>=', since)
    .returning(['user_id', 'id_token'])
    .executeTakeFirst();
  return row?.user_id ? { userId: row.user_id, idToken: row.id_token } : null;
}

/** The id and end of the session of `tokenHash`. */
export async function findSessionOfToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Keeps the ID token a session was opened with (sessions past their end go as one is added). */
export async function keepSessionIdToken(
  db: Kysely<Database>,
  sessionId: number,
  idToken: string,
  expiresAt: string,
): Promise<void> {
  await db.deleteFrom('sso_sessions').where('expires_at', '<', nowIso()).execute();
  await db
    .insertInto('sso_sessions')
    .values({ session_id: sessionId, id_token: idToken, expires_at: expiresAt })
    .execute();
}

/** Removes and answers the ID token of a session, if it was opened by single sign-on. */
export async function takeSessionIdToken(
  db: Kysely<Database>,
  sessionId: number,
): Promise<string | null> {
  const row = await db
    .deleteFrom('sso_sessions')
    .where('session_id', '=', sessionId)
    .returning('id_token')
    .executeTakeFirst();
  return row?.id_token ?? null;
}

/** The account's user signed in before with `subject`, else the one named `username`. */
export async function findSsoUser(
  db: Kysely<Database>,
  accountId: number,
  subject: string,
  username: string,
): Promise<UserRow | undefined> {
  const bySubject = await db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('sso_subject', '=', subject)
    .executeTakeFirst();
  if (bySubject) return bySubject;
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('sso_subject', 'is', null)
    .executeTakeFirst();
}

export async function updateSsoUser(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * A platform admin's repair of a tenant locked out by its identity provider: passwords back on,
 * and with `disable` single sign-on off. Nothing else of the settings changes.
 */
export async function repairSsoSettings(
  db: Kysely<Database>,
  accountId: number,
  disable: boolean,
): Promise<void> {
  await db
    .updateTable('sso_settings')
    .set({ password_sign_in: 1, ...(disable && { enabled: 0 }), updated_at: nowIso() })
    .where('account_id', '=', accountId)
    .execute();
}
