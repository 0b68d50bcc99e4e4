import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/schema';
import { ApiError, conflict } from '../../http/errors';
import { parsePayload } from '../../http/validation';
import { siteUrl } from '../../mail/publicUrls';
import { bearerToken } from '../../plugins/auth';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { hashPassword } from '../auth/passwords';
import { PUBLIC_BODY_LIMIT } from '../registrations/publicRegistration';
import { findInvitation, usableInvitation, usedInvitation } from './invitations';
import { platformSettings } from './platformSettings';
import { createPasswordSchema } from './schemas';

// The pages a create-password link opens: what the page shows, setting the password, and the
// sign-in page of the user's site it redirects to.

/** How long after its use an invitation still answers verifyAndRedirectAccount. */
const REDIRECT_WINDOW_MS = 60 * 60 * 1000;

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
