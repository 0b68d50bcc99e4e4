import type { Kysely, Selectable } from 'kysely';
import { nowIso, type Database, type SessionsTable, type UsersTable } from './schema';

// The session rows every layer reads or ends: the bearer lookup of plugins/auth, and the
// revocation after a password change (me, users, invitations).

/** A session with its user and the user's account, as a request's bearer finds it. */
export interface SessionRow extends Pick<
  Selectable<UsersTable>,
  'id' | 'username' | 'full_name' | 'email' | 'role' | 'active' | 'account_id' | 'language'
> {
  session_id: number;
  session_account_id: number;
  scope: Selectable<SessionsTable>['scope'];
  expires_at: string;
  last_used_at: string | null;
  site: string;
  account_active: number;
}

/** The unrevoked session whose token hashes to `tokenHash`, whether expired or not. */
export async function findUnrevokedSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.username',
      'users.full_name',
      'users.email',
      'users.role',
      'users.active',
      'users.account_id',
      'users.language',
      'sessions.id as session_id',
      'sessions.account_id as session_account_id',
      'sessions.scope',
      'sessions.expires_at',
      'sessions.last_used_at',
      'accounts.site as site',
      'accounts.active as account_active',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function touchSession(db: Kysely<Database>, sessionId: number, at: string) {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
}

/** Ends the user's sign-in sessions (not API tokens), except `keepSessionId`. */
export async function revokeSignInSessions(
  db: Kysely<Database>,
  userId: number,
  keepSessionId: number | null,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
