import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LoginAnswer } from '../../../src/model/types';
import { LoginThrottle, type ThrottleKeys } from './loginThrottle';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';
import { toUser } from '../../db/rows';
import { nowIso } from '../../db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { registerPasswordResetRoutes } from './passwordReset';

// Sign-in, session check and sign-out (DESIGN §5). Unknown users and wrong passwords get the
// same answer after the same work, so neither the message nor the timing tells them apart.

const WRONG_CREDENTIALS = 'Wrong username or password.';
const LOGIN_BODY_LIMIT = 8 * 1024;

const loginSchema = z.strictObject({
  username: z.string().trim().min(1, 'is required').max(200),
  password: z.string().min(1, 'is required').max(1024),
});

async function findLoginUser(app: FastifyInstance, request: FastifyRequest, username: string) {
  if (!request.account) return undefined;
  return app.db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', request.account.id)
    .where('username', '=', username)
    .executeTakeFirst();
}

async function createSession(app: FastifyInstance, userId: number, accountId: number) {
  const token = newToken();
  const now = Date.now();
  await app.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      account_id: accountId,
      kind: 'session',
      label: null,
      expires_at: new Date(now + app.config.sessionTtlMs).toISOString(),
      revoked_at: null,
      created_at: new Date(now).toISOString(),
      last_used_at: null,
    })
    .execute();
  return token;
}

export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle(app.config.loginThrottle);

  app.post('/api/v1/login', { bodyLimit: LOGIN_BODY_LIMIT }, async (request, reply) => {
    const input = parsePayload(loginSchema, request.body);
    const keys = LoginThrottle.keys(request.site, input.username, request.ip);
    const wait = throttle.retryAfterSeconds(keys);
    if (wait > 0) throw tooManyRequests(wait);
    const done = throttle.begin(keys);
    try {
      return await signIn(app, request, reply, input, throttle, keys);
    } finally {
      done();
    }
  });

  app.get('/api/v1/verifyLogin', { preHandler: requireUser }, async (request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ user: currentUser(request) });
  });

  app.get('/api/v1/logout', { preHandler: requireUser }, async (request) => {
    await app.db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('id', '=', request.sessionId as number)
      .where('revoked_at', 'is', null)
      .execute();
    return { success: true };
  });
  registerPasswordResetRoutes(app);
}

/** Checks the credentials and opens a session; every failure is counted by the throttle. */
async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: z.infer<typeof loginSchema>,
  throttle: LoginThrottle,
  keys: ThrottleKeys,
) {
  const row = await findLoginUser(app, request, input.username);
  const account = request.account;
  if (!row || !account) {
    await verifyAgainstDummy(input.password, app.config.scrypt);
    throw failedAttempt(throttle, keys);
  }
  if (row.password_hash === '') {
    // Created by the registration flow; no password has been set yet.
    await verifyAgainstDummy(input.password, app.config.scrypt);
    throw forbidden('This user has no password yet: set one with the link you received.');
  }
  if (!(await verifyPassword(input.password, row.password_hash))) {
    throw failedAttempt(throttle, keys);
  }
  throttle.recordSuccess(keys);
  if (!row.active) throw forbidden('This user is not active.');
  if (!account.active) throw forbidden('This account is not active.');

  const token = await createSession(app, row.id, account.id);
  const answer: LoginAnswer = { token, user: toUser(row, account.site) };
  return reply.header('Cache-Control', 'no-store').send(answer);
}

/** Counts a failed attempt and answers the one message for unknown user and wrong password. */
function failedAttempt(throttle: LoginThrottle, keys: ThrottleKeys) {
  throttle.recordFailure(keys);
  return unauthorized(WRONG_CREDENTIALS);
}
