import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { canAccess, type Access, type Section } from '../../common/sections';
import type { User } from '../../common/types';
import { isLanguageCode } from '../../common/languages';
import { hashToken } from '../http/tokens';
import { nowIso } from '../db/schema';
import { findUnrevokedSession, touchSession, type SessionRow } from '../db/sessions';
import { writeWatcherOf } from '../db/tableWrites';
import { WriteAwareCache } from '../db/writeAwareCache';
import { currentUser } from '../http/currentUser';
import { forbidden } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a valid bearer token for this site, else null. */
    user: User | null;
    /** Id of the session (or API token) row that authenticated the request. */
    sessionId: number | null;
    /** True when a valid token of another account was sent to this site. */
    tokenForOtherSite: boolean;
  }
  interface FastifyContextConfig {
    /** A POST that only reads data (a chart query, a question): read-scoped tokens may call it. */
    readsOnly?: boolean;
  }
}

const TOUCH_INTERVAL_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD']);

function changesNothing(request: FastifyRequest): boolean {
  return READ_METHODS.has(request.method) || request.routeOptions.config?.readsOnly === true;
}

/**
 * Sessions by token hash, kept for two seconds: every API request needs its session. Any
 * write to sessions, users or accounts (sign-in, sign-out, revocation, a user or account
 * change) empties the cache at once: in this process, and with REDIS_URL in every instance
 * over the same store (plugins/sharedInvalidation.ts). The TTL bounds staleness only while
 * Redis is away.
 */
const SESSION_CACHE = {
  tables: ['sessions', 'users', 'accounts'],
  ttlMs: 2_000,
  maxEntries: 10_000,
} as const;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

function sessionLookup(app: FastifyInstance): (token: string) => Promise<SessionRow | null> {
  const cache = new WriteAwareCache<SessionRow | null>(writeWatcherOf(app.db), SESSION_CACHE);
  /** The unrevoked session of `token`, whether expired or not. */
  return (token: string) => {
    const tokenHash = hashToken(token);
    return cache.get(tokenHash, () => findUnrevokedSession(app.db, tokenHash));
  };
}

/**
 * The User of a session row (as toUser, which wants the whole users row: the session
 * lookup reads only the columns a User has, not the password hash).
 */
function sessionUser(row: SessionRow): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    role: row.role as User['role'],
    active: Boolean(row.active),
    accountId: row.account_id,
    site: row.site,
    language: isLanguageCode(row.language) ? row.language : null,
  };
}

async function authenticate(
  app: FastifyInstance,
  findSession: (token: string) => Promise<SessionRow | null>,
  request: FastifyRequest,
): Promise<void> {
  const token = bearerToken(request);
  if (!token) return;
  const row = await findSession(token);
  const now = nowIso();
  if (!row || row.expires_at <= now || !row.active || !row.account_active) return;
  if (row.session_account_id !== request.account?.id) {
    request.tokenForOtherSite = true;
    return;
  }
  // A read-scoped API token authenticates only calls that change nothing.
  if (row.scope === 'read' && !changesNothing(request)) {
    throw forbidden('This token may only read.');
  }
  request.user = sessionUser(row);
  request.sessionId = row.session_id;
  if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await touchSession(app.db, row.session_id, now);
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tokenForOtherSite', false);
  const findSession = sessionLookup(app);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/node/')) return;
    await authenticate(app, findSession, request);
  });
}

export { currentUser };

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
