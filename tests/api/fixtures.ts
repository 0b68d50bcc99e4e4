import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/services/passwords';
import { issueSession } from '../../server/features/auth/repository';
import { nowIso } from '../../server/db/schema';
import type { TestServer } from './harness';

// Rows the API gives no way to make for a test (tenants with users of every role, sessions
// without a sign-in) written straight into the store of a server started by the harness.

type Store = Pick<FastifyInstance, 'db'>;

async function accountIdOf(app: Store, site: string): Promise<number> {
  const existing = await app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', site)
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await app.db
    .insertInto('accounts')
    .values({ site, name: site, plan: 'team', active: 1, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * The account `site` with one active user per entry of `roles` (username -> role), all with
 * the demo password. The seeded accounts (www, acme) and users are reused; a seeded user
 * with another role than asked is an error, not silently changed.
 */
export async function addAccountWithUsers(
  server: Pick<TestServer, 'app' | 'config'>,
  site: string,
  roles: Record<string, string>,
): Promise<number> {
  const { app, config } = server;
  const accountId = await accountIdOf(app, site);
  const existing = await app.db
    .selectFrom('users')
    .select(['username', 'role'])
    .where('account_id', '=', accountId)
    .execute();
  const missing = Object.entries(roles).filter(([username, role]) => {
    const user = existing.find((row) => row.username === username);
    if (user && user.role !== role) {
      throw new Error(`${site}/${username} exists with role ${user.role}, not ${role}`);
    }
    return !user;
  });
  if (missing.length === 0) return accountId;
  const passwordHash = await hashPassword(config.demoPassword, config.scrypt);
  await app.db
    .insertInto('users')
    .values(
      missing.map(([username, role]) => ({
        account_id: accountId,
        username,
        full_name: username,
        email: `${username}@${site}.example`,
        role,
        active: 1,
        password_hash: passwordHash,
        created_at: nowIso(),
      })),
    )
    .execute();
  return accountId;
}

/** A session token of `username` on `site`, stored the way sign-in stores one (1 hour). */
export async function sessionTokenFor(app: Store, site: string, username: string) {
  const user = await app.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.account_id'])
    .where('accounts.site', '=', site)
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  return issueSession(app.db, user.id, user.account_id, 3_600_000);
}

export interface CallOptions {
  /** Sent as JSON, or as is when FormData. */
  body?: unknown;
  /** Sent as is with a JSON content type (malformed JSON tests). */
  rawBody?: string;
  token?: string;
  site?: string;
  host?: string;
  /** More headers, applied last (they win over the ones above). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface CallAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** The one HTTP-call helper: `base` as `token` on `site`; the answer's JSON, or its text. */
export async function call(
  server: { base: string },
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallAnswer> {
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined = options.rawBody;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.site) headers.site = options.site;
  if (options.host) headers.host = options.host;
  Object.assign(headers, options.headers);
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, json };
}
