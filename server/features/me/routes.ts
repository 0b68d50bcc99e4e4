import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LoginThrottle } from '../auth/loginThrottle';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords';
import { toUser } from '../../db/rows';
import { nowIso } from '../../db/schema';
import { badRequest, notFound, tooManyRequests } from '../../http/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';

// The signed-in user's own profile, for every role: read it, change the full name, change the
// password (current password required; DESIGN §7 rules). A password change ends the user's
// other sign-in sessions and keeps the one that made it; API tokens stay until revoked.

const ME_BODY_LIMIT = 8 * 1024;

const profileSchema = z.strictObject({
  fullName: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
});

const passwordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(200),
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, 'must be at most 200 characters'),
});

export function registerMeRoutes(app: FastifyInstance): void {
  // Wrong current passwords are counted like failed sign-ins, so a stolen session cannot be
  // used to guess the password.
  const throttle = new LoginThrottle(app.config.loginThrottle);

  const ownRow = async (request: FastifyRequest) => {
    const row = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!row) throw notFound('User');
    return row;
  };
  const answer = async (request: FastifyRequest) =>
    toUser(await ownRow(request), currentUser(request).site);

  app.get('/api/v1/me', { preHandler: requireUser }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await answer(request)),
  );

  app.put('/api/v1/me', { preHandler: requireUser, bodyLimit: ME_BODY_LIMIT }, async (request) => {
    const input = parsePayload(profileSchema, request.body);
    await app.db
      .updateTable('users')
      .set({ full_name: input.fullName })
      .where('id', '=', currentUser(request).id)
      .execute();
    return answer(request);
  });

  app.post(
    '/api/v1/me/password',
    { preHandler: requireUser, bodyLimit: ME_BODY_LIMIT },
    async (request) => {
      const input = parsePayload(passwordSchema, request.body);
      const user = currentUser(request);
      const keys = LoginThrottle.keys(user.site, user.username, request.ip);
      const wait = throttle.retryAfterSeconds(keys);
      if (wait > 0) throw tooManyRequests(wait);
      const done = throttle.begin(keys);
      try {
        const row = await ownRow(request);
        if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
          throttle.recordFailure(keys);
          throw badRequest('currentPassword: is not your current password.', 'currentPassword');
        }
        if (input.newPassword === input.currentPassword) {
          throw badRequest('newPassword: must differ from the current password.', 'newPassword');
        }
        const passwordHash = await hashPassword(input.newPassword, app.config.scrypt);
        await app.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ password_hash: passwordHash })
            .where('id', '=', user.id)
            .execute();
          let others = trx
            .updateTable('sessions')
            .set({ revoked_at: nowIso() })
            .where('user_id', '=', user.id)
            .where('kind', '=', 'session')
            .where('revoked_at', 'is', null);
          if (request.sessionId !== null) others = others.where('id', '!=', request.sessionId);
          await others.execute();
        });
        return { success: true };
      } finally {
        done();
      }
    },
  );
}
