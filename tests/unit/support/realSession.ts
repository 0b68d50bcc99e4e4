import type { User } from '../../../common/types';
import { SESSION_KEYS } from '../../../src/ui/api/storageKeys';
import type { TestServer } from '../../api/harness';

// A browser session against the real server, stored the way sign-in stores it. Kept apart from
// realServerScreens so that importing it does not load the data provider before a test has
// pointed the API prefix at its server.

/** Signs `username` of `site` in, as the web app keeps a session; returns the session token. */
export async function signInAs(
  server: Pick<TestServer, 'app' | 'sessionFor'>,
  site: string,
  username: string,
): Promise<string> {
  const token = await server.sessionFor(site, username);
  const row = await server.app.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.account_id', 'users.email', 'users.role', 'users.language'])
    .where('accounts.site', '=', site)
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  const user: User = {
    id: row.id,
    username,
    fullName: username,
    email: row.email,
    role: row.role as User['role'],
    active: true,
    accountId: row.account_id,
    site,
    language: (row.language as User['language']) ?? null,
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  return token;
}
