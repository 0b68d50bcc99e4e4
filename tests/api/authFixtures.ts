import type { Role } from '../../common/types';
import { hashPassword } from '../../server/services/passwords';
import { nowIso } from '../../server/db/schema';
import {
  api,
  isPostgresReachable,
  login,
  TEST_PASSWORD,
  type Backend,
  type TestServer,
} from './harness';

// Shared setup of the auth, users, accounts and security suites.

/** The backends to run on: PostgreSQL only when it answers (the harness says so when not). */
export const BACKENDS: Backend[] = (await isPostgresReachable())
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface NewUser {
  username: string;
  role: Role;
  active?: boolean;
  /** Defaults to a hash of TEST_PASSWORD; '' makes a user without a password yet. */
  passwordHash?: string;
}

/**
 * Inserts a user straight into the store: the API lets no one create users in another
 * account, yet tests need tenants with their own users.
 */
export async function addUser(server: TestServer, accountId: number, user: NewUser) {
  const passwordHash =
    user.passwordHash ?? (await hashPassword(TEST_PASSWORD, server.config.scrypt));
  return server.app.db
    .insertInto('users')
    .values({
      account_id: accountId,
      username: user.username,
      full_name: `${user.username} test`,
      email: `${user.username}@test.example`,
      role: user.role,
      active: Number(user.active ?? true),
      password_hash: passwordHash,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Creates an account over the API as the platform admin; answers its id. */
export async function addAccount(server: TestServer, site: string): Promise<number> {
  const platform = await login(server.baseUrl, 'www', 'admin');
  const created = await api(server.baseUrl, platform, 'POST', '/api/v1/accounts', {
    site,
    name: `${site} Inc.`,
    plan: 'team',
    active: true,
  });
  if (created.status !== 200) throw new Error(`account ${site}: ${JSON.stringify(created.body)}`);
  return (created.body as { id: number }).id;
}

export async function countRows(
  server: TestServer,
  table: 'users' | 'accounts' | 'sessions' | 'company_profiles',
): Promise<number> {
  const row = await server.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The JSON error body every failure answers with (declared once, in the wire model). */
export type { ApiErrorBody as ErrorBody } from '../../common/types';
