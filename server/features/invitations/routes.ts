import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, conflict } from '../../errors';
import { displayNameOf } from '../../mail/accountName';
import { siteUrl } from '../../mail/publicUrls';
import { bearerToken } from '../../plugins/auth';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { hashPassword } from '../../services/passwords';
import { PUBLIC_BODY_LIMIT } from '../../http/publicForms';
import { findInvitation, usableInvitation } from './invitationService';
import { platformSettings } from './platformSettings';
import { useInvitation } from './repository';
import { CREATE_PASSWORD, GET_INVITATION, VERIFY_AND_REDIRECT } from './schemas';

// The pages a create-password link opens: what the page shows, setting the password, and the
// sign-in page of the user's site it redirects to.

/** How long after its use an invitation still answers verifyAndRedirectAccount. */
const REDIRECT_WINDOW_MS = 60 * 60 * 1000;

export function registerInvitationRoutes(app: FastifyInstance): void {
  const settings = platformSettings(app);
  const limited = tokenLookupLimit(app);

  const typed = app.withTypeProvider<ZodTypeProvider>();

  // What the create-password page shows on load (or its message page for a refused link).
  const show = { ...limited, schema: GET_INVITATION };
  typed.get('/api/v1/public/invitations/:id', show, async (request) => {
    const invitation = await usableInvitation(app.db, request.params.id);
    return {
      username: invitation.username,
      fullName: invitation.full_name,
      site: invitation.site,
      // Its name as it is now, not when the invitation was made.
      accountName: displayNameOf(invitation),
      expiresAt: invitation.expires_at,
    };
  });

  const createPassword = { ...limited, bodyLimit: PUBLIC_BODY_LIMIT, schema: CREATE_PASSWORD };
  typed.post('/api/v1/createPassword', createPassword, async (request) => {
    const input = request.body;
    const invitation = await usableInvitation(app.db, input.invitation);
    const passwordHash = await hashPassword(input.password, settings.scrypt);
    await useInvitation(app.db, invitation, passwordHash);
    return { ok: true as const };
  });

  const redirect = { ...limited, schema: VERIFY_AND_REDIRECT };
  typed.post('/api/v1/verifyAndRedirectAccount', redirect, async (request) => {
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
