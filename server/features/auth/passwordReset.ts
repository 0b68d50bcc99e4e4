import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginThrottle, throttleOf } from './loginThrottle';
import { refused, tooManyRequests } from '../../errors';
import { passwordSignInAllowed } from '../../db/ssoSettings';
import { passwordResetText } from '../../mail/messageTexts';
import { recipientLanguage } from '../../db/recipientLanguage';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { findActiveUserByNameOrEmail } from './repository';
import { PASSWORD_RESET } from './schemas';
import { issueInvitation } from '../invitations/invitationService';
import { PUBLIC_BODY_LIMIT } from '../../http/publicForms';

// POST /api/v1/passwordReset { username } on a site: "forgot your password". An active user of
// the site with that user name or e-mail gets a message with a single-use create-password link
// (an invitation); setting the password ends the user's other sign-in sessions. The answer is
// the same whether or not anyone matched, so it tells nothing about who has an account; every
// request counts against a throttle of that name and address (with backoff, like sign-in) and
// the one-time-token rate limit of the address.

export function registerPasswordResetRoutes(app: FastifyInstance): void {
  const throttle = throttleOf(app, 'password-reset');

  const options = {
    ...tokenLookupLimit(app),
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: PASSWORD_RESET,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/v1/passwordReset', options, async (request) => {
      const { username } = request.body;
      const keys = LoginThrottle.keys(request.site, username, request.ip);
      const wait = await throttle.retryAfterSeconds(keys);
      if (wait > 0) throw tooManyRequests(wait);
      await throttle.recordFailure(keys);

      const account = request.account;
      if (!account?.active) return { ok: true as const };
      if (!(await passwordSignInAllowed(app.db, account.id))) {
        throw refused(
          'sso-required',
          'This account signs in with single sign-on only: reset your password with your identity provider.',
        );
      }
      const user = await findActiveUserByNameOrEmail(app.db, account.id, username);
      if (!user) return { ok: true as const };
      const token = await issueInvitation(app.db, { id: user.id, accountId: user.account_id });
      const text = passwordResetText(
        { fullName: user.full_name, username: user.username },
        token,
        await recipientLanguage(app.db, user.id),
      );
      const message = await app.outbox.store(app.db, {
        accountId: user.account_id,
        recipient: user.email,
        ...text,
      });
      await message.send();
      return { ok: true as const };
    });
}
