import type { Kysely } from 'kysely';
import { nowIso, type Database } from '../../db/schema';
import { revokeSignInSessions } from '../users/repository';
import { usedInvitation } from './invitations';

interface UsableInvitation {
  id: number;
  user_id: number;
  account_id: number;
}

/**
 * Uses the invitation: claims it, sets the user's password (activating them) and ends every
 * sign-in session of the user, in one transaction. A second concurrent use answers 409.
 */
export async function useInvitation(
  db: Kysely<Database>,
  invitation: UsableInvitation,
  passwordHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Claim it first: of two concurrent uses, the second matches no row.
    const claimed = await trx
      .updateTable('invitations')
      .set({ used_at: nowIso() })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw usedInvitation();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, active: 1 })
      .where('id', '=', invitation.user_id)
      .where('account_id', '=', invitation.account_id)
      .execute();
    // A new password (a reset) ends every sign-in session of the user.
    await revokeSignInSessions(trx, invitation.user_id, null);
  });
}
