import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { canAccess, type Access, type Section } from '../../src/model/sections';
import type { User } from '../../src/model/types';
import { hashToken } from '../auth/tokens';
import { toUser } from '../db/rows';
import { nowIso } from '../db/schema';
import { forbidden, unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a valid bearer token for this site, else null. */
    user: User | null;
    /** Id of the session (or API token) row that authenticated the request. */
    sessionId: number | null;
    /** True when a valid token of another account was sent to this site. */
    tokenForOtherSite: boolean;
  }
}

const TOUCH_INTERVAL_MS = 60_000;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) return;
  const now = nowIso();
  const row = await app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.account_id as session_account_id',
      'sessions.last_used_at',
      'accounts.site as site',
      'accounts.active as account_active',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || !row.active || !row.account_active) return;
  if (row.session_account_id !== request.account?.id) {
    request.tokenForOtherSite = true;
    return;
  }
  request.user = toUser(row, row.site);
  request.sessionId = row.session_id;
  if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await app.db
      .updateTable('sessions')
      .set({ last_used_at: now })
      .where('id', '=', row.session_id)
      .execute();
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tokenForOtherSite', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/node/')) return;
    await authenticate(app, request);
  });
}

/** The signed-in user; throws 401 (or 403 for a token of another site). */
export function currentUser(request: FastifyRequest): User {
  if (request.user) return request.user;
  if (request.tokenForOtherSite) throw forbidden('This token belongs to another site.');
  throw unauthorized();
}

/** preHandler: a signed-in, active user of this site. */
export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  currentUser(request);
};

/** preHandler factory: a signed-in user whose role may use `section` with `access`. */
export function requireSection(section: Section, access: Access): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUser(request);
    if (!canAccess(user.role, section, access)) {
      throw forbidden(`Your role (${user.role}) may not ${access} ${section}.`);
    }
  };
}
