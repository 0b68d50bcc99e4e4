import type { Insertable, Kysely } from 'kysely';
import type { InvitationsTable } from '../../db/platformSchema';
import { nowIso, type Database } from '../../db/schema';
import { revokeSignInSessions } from '../../db/sessions';
import { usedInvitation } from './invitationErrors';

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

/** Ends the user's invitations that are still open (unused, not expired) at `now`. */
export async function expireOpenInvitationsOfUser(
  db: Kysely<Database>,
  userId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertInvitation(
  db: Kysely<Database>,
  values: Insertable<InvitationsTable>,
): Promise<void> {
  await db.insertInto('invitations').values(values).execute();
}

/** The invitation of the token hash, with its user's and account's details. */
export function findInvitationByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .innerJoin('accounts', 'accounts.id', 'invitations.account_id')
    .leftJoin('company_profiles', 'company_profiles.account_id', 'accounts.id')
    .select([
      'invitations.id',
      'invitations.user_id',
      'invitations.account_id',
      'invitations.expires_at',
      'invitations.used_at',
      'users.username',
      'users.full_name',
      'users.active',
      'accounts.site',
      'accounts.name',
      'company_profiles.name as brandName',
    ])
    .where('invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
