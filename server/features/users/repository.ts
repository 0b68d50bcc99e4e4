import type { Kysely } from 'kysely';
import { nowIso, type Database } from '../../db/schema';

// Users rows: shared by the users section, the profile (me) and the invitations.

export function findUserRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends the user's sign-in sessions (not API tokens), keeping `keepSessionId` if given. */
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
