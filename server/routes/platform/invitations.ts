import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import { hashToken, newToken } from '../../auth/tokens';
import { nowIso, type Database } from '../../db/schema';
import { ApiError, conflict } from '../../errors';
import { invitationText } from '../../messages/messageTexts';
import { outboxOf, type StoredMessage } from '../../messages/outbox';
import { siteUrl } from '../../messages/publicUrls';
import { bearerToken } from '../../plugins/auth';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { parsePayload } from '../../validation';
import { PUBLIC_BODY_LIMIT } from './publicRegistration';
import { createPasswordSchema } from './schemas';
import { platformSettings } from './settings';

// Invitations: the single-use /create-password/<id> links. The id is a random token of which
// only the hash is kept; it expires, works once, and a newer invitation of the same user
// replaces it. After the password is set, the same id (the activation token) is the bearer of
// verifyAndRedirectAccount, which answers the sign-in page of the user's site.

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long after its use an invitation still answers verifyAndRedirectAccount. */
const REDIRECT_WINDOW_MS = 60 * 60 * 1000;

const unknownInvitation = () =>
  new ApiError(404, 'This link to create a password is not known.', 'invitation');
const expiredInvitation = () =>
  new ApiError(410, 'This link to create a password has expired; ask for a new one.', 'invitation');
const usedInvitation = () =>
  conflict('A password has already been set with this link.', 'invitation');

/** A new invitation of the user (earlier unused ones stop working); answers its id. */
export async function issueInvitation(
  db: Kysely<Database>,
  user: { id: number; accountId: number },
): Promise<string> {
  const now = nowIso();
  await db
    .updateTable('invitations')
    .set({ expires_at: now })
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const token = newToken();
  await db
    .insertInto('invitations')
    .values({
      user_id: user.id,
      account_id: user.accountId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
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
  const account = await db
    .selectFrom('accounts')
    .select('name')
    .where('id', '=', user.accountId)
    .executeTakeFirstOrThrow();
  const text = invitationText(user, account.name, token);
  const message = await outboxOf(app).store(db, {
    accountId: user.accountId,
    recipient: user.email,
    ...text,
  });
  return { token, createPasswordPath: text.link as string, message };
}

async function findInvitation(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .innerJoin('accounts', 'accounts.id', 'invitations.account_id')
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
      'accounts.name as account_name',
    ])
    .where('invitations.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/** The invitation when it can still be used; otherwise the 404, 409 or 410 to answer. */
async function usableInvitation(db: Kysely<Database>, token: string) {
  const invitation = await findInvitation(db, token);
  if (!invitation) throw unknownInvitation();
  if (invitation.used_at !== null) throw usedInvitation();
  if (invitation.expires_at <= nowIso()) throw expiredInvitation();
  return invitation;
}

export function registerInvitationRoutes(app: FastifyInstance): void {
  const settings = platformSettings(app);
  const limited = tokenLookupLimit(app);

  // What the create-password page shows on load (or its message page for a refused link).
  app.get<{ Params: { id: string } }>(
    '/api/v1/public/invitations/:id',
    limited,
    async (request) => {
      const invitation = await usableInvitation(app.db, request.params.id);
      return {
        username: invitation.username,
        fullName: invitation.full_name,
        site: invitation.site,
        accountName: invitation.account_name,
        expiresAt: invitation.expires_at,
      };
    },
  );

  const createPasswordOptions = { ...limited, bodyLimit: PUBLIC_BODY_LIMIT };
  app.post('/api/v1/createPassword', createPasswordOptions, async (request) => {
    const input = parsePayload(createPasswordSchema, request.body);
    const invitation = await usableInvitation(app.db, input.invitation);
    const passwordHash = await hashPassword(input.password, settings.scrypt);
    await app.db.transaction().execute(async (trx) => {
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
      await trx
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', invitation.user_id)
        .where('kind', '=', 'session')
        .where('revoked_at', 'is', null)
        .execute();
    });
    return { ok: true };
  });

  app.post('/api/v1/verifyAndRedirectAccount', limited, async (request) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'The activation token is missing.');
    const invitation = await findInvitation(app.db, token);
    if (!invitation) throw new ApiError(401, 'The activation token is not valid.');
    if (invitation.used_at === null || !invitation.active) {
      throw conflict('Create a password before signing in.');
    }
    if (Date.parse(invitation.used_at) + REDIRECT_WINDOW_MS <= Date.now()) {
      throw new ApiError(401, 'The activation token has expired; sign in on your site.');
    }
    // The sign-in page of the user's site, on the configured public URL.
    return { site: invitation.site, redirectUrl: siteUrl(app.config, invitation.site, '/login') };
  });
}
