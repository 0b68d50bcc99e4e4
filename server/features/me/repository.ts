import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { revokeSignInSessions } from '../../db/sessions';

export { findUserRow } from '../users/repository';

/** Changes what the user may change of their own profile: the full name, the language. */
export async function updateOwnProfile(
  db: Kysely<Database>,
  userId: number,
  changes: { fullName?: string; language?: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.fullName !== undefined && { full_name: changes.fullName }),
      ...(changes.language !== undefined && { language: changes.language }),
    })
    .where('id', '=', userId)
    .execute();
}

/** Sets the password and ends the user's other sign-in sessions, in one transaction. */
export async function changePassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  keepSessionId: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
    await revokeSignInSessions(trx, userId, keepSessionId);
  });
}
