import { sql, type Kysely } from 'kysely';
import { hashToken, newToken } from '../../http/tokens';
import { nowIso, type Database } from '../../db/schema';

// Sign-in sessions and the users that sign in or reset their password.

export function findUserByName(db: Kysely<Database>, accountId: number, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('username', '=', username)
    .executeTakeFirst();
}

/** An active user of the account whose user name or e-mail is `name` (any case). */
export function findActiveUserByNameOrEmail(db: Kysely<Database>, accountId: number, name: string) {
  const lower = name.toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'account_id', 'username', 'full_name', 'email'])
    .where('account_id', '=', accountId)
    .where('active', '=', 1)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', lower),
        eb(sql<string>`lower(email)`, '=', lower),
      ]),
    )
    .executeTakeFirst();
}

export interface NewSession {
  tokenHash: string;
  userId: number;
  accountId: number;
  createdAt: string;
  expiresAt: string;
}

/** A new session of the user for `ttlMs`: its token, stored only as a hash. */
export async function issueSession(
  db: Kysely<Database>,
  userId: number,
  accountId: number,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    accountId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttlMs).toISOString(),
  });
  return token;
}

async function insertSession(db: Kysely<Database>, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      account_id: session.accountId,
      kind: 'session',
      label: null,
      expires_at: session.expiresAt,
      revoked_at: null,
      created_at: session.createdAt,
      last_used_at: null,
    })
    .execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Deletes the sign-in sessions that have ended (expired or signed out) by `now`; API tokens
 * stay, their owners list them. Answers how many went.
 */
export async function deleteEndedSessions(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('kind', '=', 'session')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
