import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashToken, newToken } from '../../http/tokens';
import { nowIso, type Database } from '../../db/schema';
import { invitationText } from '../../mail/messageTexts';
import { recipientLanguage } from '../../db/recipientLanguage';
import type { StoredMessage } from '../../mail/outbox';
import { expiredInvitation, unknownInvitation, usedInvitation } from './invitationErrors';
import {
  expireOpenInvitationsOfUser,
  findInvitationByTokenHash,
  insertInvitation,
} from './repository';

// Invitations: the single-use /create-password/<id> links. The id is a random token of which
// only the hash is kept; it expires, works once, and a newer invitation of the same user
// replaces it. After the password is set, the same id (the activation token) is the bearer of
// verifyAndRedirectAccount (./routes.ts), which answers the sign-in page of the user's site.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new invitation of the user (earlier unused ones stop working); answers its id. */
export async function issueInvitation(
  db: Kysely<Database>,
  user: { id: number; accountId: number },
): Promise<string> {
  const now = nowIso();
  await expireOpenInvitationsOfUser(db, user.id, now);
  const token = newToken();
  await insertInvitation(db, {
    user_id: user.id,
    account_id: user.accountId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
    used_at: null,
  });
  return token;
}

/**
 * Issues an invitation and stores the message carrying its link in the user's account's
 * outbox; send the message after the transaction commits.
 */
export async function inviteUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  user: { id: number; accountId: number; email: string; fullName: string; username: string },
): Promise<{ token: string; createPasswordPath: string; message: StoredMessage }> {
  const token = await issueInvitation(db, user);
  const text = invitationText(user, token, await recipientLanguage(db, user.id));
  const message = await app.outbox.store(db, {
    accountId: user.accountId,
    recipient: user.email,
    ...text,
  });
  return { token, createPasswordPath: text.link as string, message };
}

export async function findInvitation(db: Kysely<Database>, token: string) {
  return findInvitationByTokenHash(db, hashToken(token));
}

/** The invitation when it can still be used; otherwise the 404, 409 or 410 to answer. */
export async function usableInvitation(db: Kysely<Database>, token: string) {
  const invitation = await findInvitation(db, token);
  if (!invitation) throw unknownInvitation();
  if (invitation.used_at !== null) throw usedInvitation();
  if (invitation.expires_at <= nowIso()) throw expiredInvitation();
  return invitation;
}
