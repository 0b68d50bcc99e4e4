import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditDetail } from './auditDetail';
import { insertAuditEntry } from '../db/auditLog';
import { nowIso } from '../db/schema';

// The audit log of administrative actions: every successful (2xx) change made by a
// signed-in user through a route of AUDITED_ROUTES is written to audit_log with who, what,
// when and from where. Routes declare nothing: this table is the one place to extend.
//
// The row is written in onSend, before the answer leaves, rather than in onResponse: a
// client that has its answer can count on the action being in the log.

interface AuditedRoute {
  /** Route pattern prefix as registered (`request.routeOptions.url`). */
  prefix: string;
  resource: string;
  /** Sub-actions (`<prefix>/:id/<action>`) that change nothing and are not logged. */
  ignore?: string[];
}

const AUDITED_ROUTES: AuditedRoute[] = [
  { prefix: '/api/v1/users', resource: 'users' },
  { prefix: '/api/v1/invitations', resource: 'invitations' },
  { prefix: '/api/v1/accounts', resource: 'accounts' },
  { prefix: '/api/v1/companyProfiles', resource: 'companyProfiles' },
  { prefix: '/api/v1/tokens', resource: 'tokens' },
  { prefix: '/api/v1/datasources', resource: 'datasources', ignore: ['test'] },
  { prefix: '/api/v1/registrations', resource: 'registrations' },
  { prefix: '/api/v1/pricing', resource: 'pricing' },
  { prefix: '/api/v1/info', resource: 'info' },
  { prefix: '/api/v1/messages', resource: 'messages' },
  { prefix: '/api/v1/helpsections', resource: 'helpsections' },
  { prefix: '/api/v1/dashboards/:id/shareLinks', resource: 'shareLinks' },
  { prefix: '/api/v1/me', resource: 'profile' },
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const METHOD_ACTIONS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

interface AuditTarget {
  resource: string;
  action: string;
}

const targetsByRoute = new Map<string, AuditTarget | null>();

/** The resource and action of a route, or null when it is not audited (worked out once a route). */
export function auditTarget(method: string, routeUrl: string | undefined): AuditTarget | null {
  if (!routeUrl || READ_METHODS.has(method)) return null;
  const key = `${method} ${routeUrl}`;
  let target = targetsByRoute.get(key);
  if (target === undefined) {
    target = findAuditTarget(method, routeUrl);
    targetsByRoute.set(key, target);
  }
  return target;
}

function findAuditTarget(method: string, routeUrl: string): AuditTarget | null {
  for (const route of AUDITED_ROUTES) {
    if (routeUrl !== route.prefix && !routeUrl.startsWith(`${route.prefix}/`)) continue;
    const last = routeUrl.slice(route.prefix.length).split('/').filter(Boolean).at(-1);
    // `<prefix>`, `<prefix>/:id`: the method says what happened; `<prefix>/:id/approve`: the verb.
    const verb = last && !last.startsWith(':') ? last : undefined;
    if (verb && route.ignore?.includes(verb)) return null;
    return { resource: route.resource, action: verb ?? METHOD_ACTIONS[method] ?? method };
  }
  return null;
}

function recordIdOf(request: FastifyRequest, payload: unknown): string | null {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const answer = JSON.parse(payload) as { id?: unknown };
      if (typeof answer.id === 'number' || typeof answer.id === 'string') return String(answer.id);
    } catch {
      // not JSON: fall back to the address
    }
  }
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = params.linkId ?? params.id;
  return id === undefined ? null : String(id);
}

async function recordAction(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const user = request.user;
  if (!user || reply.statusCode < 200 || reply.statusCode >= 300) return;
  const target = auditTarget(request.method, request.routeOptions.url);
  if (!target) return;
  const path = request.url.split('?')[0];
  await insertAuditEntry(app.db, {
    account_id: user.accountId,
    user_id: user.id,
    username: user.username,
    action: target.action,
    resource: target.resource,
    record_id: recordIdOf(request, payload),
    ip: request.ip,
    at: nowIso(),
    detail: JSON.stringify({ method: request.method, path, ...auditDetail(request.body) }),
  });
}

export function registerAudit(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      await recordAction(app, request, reply, payload);
    } catch (error) {
      // The action is done; a failed log write must not turn its answer into an error.
      request.log.error({ err: error }, 'audit log write failed');
    }
    return payload;
  });
}
