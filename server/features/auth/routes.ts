import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { LoginAnswer, loginSchema } from '../../../common/api/auth';
import { LoginThrottle, throttleOf, type ThrottleKeys } from './loginThrottle';
import { verifyAgainstDummy, verifyPassword } from '../../services/passwords';
import { toUser } from '../../db/rows';
import { forbidden, refused, tooManyRequests, unauthorized } from '../../errors';
import { passwordSignInAllowed } from '../../db/ssoSettings';
import { currentUser, requireUser } from '../../plugins/auth';
import { findUserByName, issueSession, revokeSession } from './repository';
import { LOGIN, LOGOUT, VERIFY_LOGIN } from './schemas';
import { registerPasswordResetRoutes } from './passwordReset';

// Sign-in, session check and sign-out (docs/architecture.md §5). Unknown users and wrong passwords get the
// same answer after the same work, so neither the message nor the timing tells them apart.

/**
 * What another area does when a session signs out (single sign-on answers the identity
 * provider's sign-out address, features/sso): registered on the app, so that this area
 * imports none of them.
 */
type SignOutStep = (
  request: FastifyRequest,
  sessionId: number,
) => Promise<{ endSessionUrl?: string }>;

declare module 'fastify' {
  interface FastifyInstance {
    signOutSteps: SignOutStep[];
  }
}

const WRONG_CREDENTIALS = 'Wrong username or password.';
const LOGIN_BODY_LIMIT = 8 * 1024;

type LoginInput = z.output<typeof loginSchema>;

function createSession(app: FastifyInstance, userId: number, accountId: number) {
  return issueSession(app.db, userId, accountId, app.config.sessionTtlMs);
}

export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const throttle = throttleOf(app, 'sign-in');

  const typed = app.withTypeProvider<ZodTypeProvider>();

  const login = { bodyLimit: LOGIN_BODY_LIMIT, schema: LOGIN };
  typed.post('/api/v1/login', login, async (request, reply) => {
    const input = request.body;
    const keys = LoginThrottle.keys(request.site, input.username, request.ip);
    const attempt = await throttle.start(keys);
    if ('retryAfter' in attempt) throw tooManyRequests(attempt.retryAfter);
    try {
      return await signIn(app, request, reply, input, throttle, keys);
    } finally {
      await attempt.end();
    }
  });

  const verify = { preValidation: requireUser, schema: VERIFY_LOGIN };
  typed.get('/api/v1/verifyLogin', verify, async (request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ user: currentUser(request) });
  });

  const logout = { preValidation: requireUser, schema: LOGOUT };
  app.decorate('signOutSteps', [] as SignOutStep[]);
  typed.get('/api/v1/logout', logout, async (request) => {
    const sessionId = request.sessionId as number;
    await revokeSession(app.db, sessionId);
    const answer: { success: true; endSessionUrl?: string } = { success: true };
    for (const step of app.signOutSteps) Object.assign(answer, await step(request, sessionId));
    return answer;
  });
  registerPasswordResetRoutes(app);
}

/** Checks the credentials and opens a session; every failure is counted by the throttle. */
async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LoginInput,
  throttle: LoginThrottle,
  keys: ThrottleKeys,
) {
  const account = request.account;
  const row = account && (await findUserByName(app.db, account.id, input.username));
  if (!row || !account) {
    await verifyAgainstDummy(input.password, app.config.scrypt);
    throw await failedAttempt(throttle, keys);
  }
  if (row.password_hash === '') {
    // Created by the registration flow; no password has been set yet.
    await verifyAgainstDummy(input.password, app.config.scrypt);
    throw forbidden('This user has no password yet: set one with the link you received.');
  }
  if (!(await verifyPassword(input.password, row.password_hash))) {
    throw await failedAttempt(throttle, keys);
  }
  await throttle.recordSuccess(keys);
  if (!row.active) throw forbidden('This user is not active.');
  if (!account.active) throw forbidden('This account is not active.');
  if (!(await passwordSignInAllowed(app.db, account.id))) {
    throw refused('sso-required', 'This account signs in with single sign-on only.');
  }

  const token = await createSession(app, row.id, account.id);
  const answer: LoginAnswer = { token, user: toUser(row, account.site) };
  return reply.header('Cache-Control', 'no-store').send(answer);
}

/** Counts a failed attempt and answers the one message for unknown user and wrong password. */
async function failedAttempt(throttle: LoginThrottle, keys: ThrottleKeys) {
  await throttle.recordFailure(keys);
  return unauthorized(WRONG_CREDENTIALS);
}
