import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginThrottle, throttleOf } from '../auth/throttleService';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { toUser } from '../../db/rows';
import { badRequest, notFound, tooManyRequests } from '../../errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { changePassword, findUserRow, updateOwnProfile } from './repository';
import { CHANGE_PASSWORD, GET_ME, UPDATE_ME } from './schemas';

// The signed-in user's own profile, for every role: read it, change the full name and the
// language, change the
// password (current password required; docs/architecture.md §7 rules). A password change ends the user's
// other sign-in sessions and keeps the one that made it; API tokens stay until revoked.

const ME_BODY_LIMIT = 8 * 1024;

export function registerMeRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Wrong current passwords are counted like failed sign-ins, so a stolen session cannot be
  // used to guess the password.
  const throttle = throttleOf(app, 'password-change');

  const ownRow = async (request: FastifyRequest) => {
    const row = await findUserRow(app.db, currentUser(request).id);
    if (!row) throw notFound('User');
    return row;
  };
  const answer = async (request: FastifyRequest) =>
    toUser(await ownRow(request), currentUser(request).site);

  typed.get('/api/v1/me', { preValidation: requireUser, schema: GET_ME }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await answer(request)),
  );

  const update = { preValidation: requireUser, bodyLimit: ME_BODY_LIMIT, schema: UPDATE_ME };
  typed.put('/api/v1/me', update, async (request) => {
    await updateOwnProfile(app.db, currentUser(request).id, request.body);
    return answer(request);
  });

  const password = {
    preValidation: requireUser,
    bodyLimit: ME_BODY_LIMIT,
    schema: CHANGE_PASSWORD,
  };
  typed.post('/api/v1/me/password', password, async (request) => {
    const input = request.body;
    const user = currentUser(request);
    const keys = LoginThrottle.keys(user.site, user.username, request.ip);
    const attempt = await throttle.start(keys);
    if ('retryAfter' in attempt) throw tooManyRequests(attempt.retryAfter);
    try {
      const row = await ownRow(request);
      if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
        await throttle.recordFailure(keys);
        throw badRequest('currentPassword: is not your current password.', 'currentPassword');
      }
      if (input.newPassword === input.currentPassword) {
        throw badRequest('newPassword: must differ from the current password.', 'newPassword');
      }
      const passwordHash = await hashPassword(input.newPassword, app.config.scrypt);
      await changePassword(app.db, user.id, passwordHash, request.sessionId);
      return { success: true as const };
    } finally {
      await attempt.end();
    }
  });
}
