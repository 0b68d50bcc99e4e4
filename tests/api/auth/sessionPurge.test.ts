import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeEndedSessions } from '../../../server/features/auth/sessionPurge';
import { hashToken, newToken } from '../../../server/http/tokens';
import { api, login, startServer, type TestServer } from '../harness';

// The hourly housekeeping job: sign-in sessions that expired or were signed out are deleted;
// live sessions and API tokens (listed by their owners, even revoked) stay.

describe('purge of ended sign-in sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.close());

  async function addSession(label: string, kind: 'session' | 'api', ends: string | null) {
    const user = await server.app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.account_id'])
      .where('accounts.site', '=', 'acme')
      .where('users.username', '=', 'editor')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await server.app.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(newToken()),
        user_id: user.id,
        account_id: user.account_id,
        kind,
        label,
        expires_at: ends ?? new Date(now + 60_000).toISOString(),
        revoked_at: null,
        created_at: new Date(now - 120_000).toISOString(),
        last_used_at: null,
      })
      .execute();
  }

  const labels = async () =>
    (await server.app.db.selectFrom('sessions').select('label').orderBy('id').execute()).map(
      (row) => row.label,
    );

  it('deletes expired and signed-out sessions, keeps live ones and API tokens', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    await addSession('expired', 'session', past);
    await addSession('live', 'session', null);
    await addSession('expired token', 'api', past);
    const signedOut = await login(server.baseUrl, 'acme', 'viewer');
    expect((await api(server.baseUrl, signedOut, 'GET', '/api/v1/logout')).status).toBe(200);
    const signedIn = await login(server.baseUrl, 'acme', 'viewer');

    await purgeEndedSessions(server.app);

    expect(await labels()).toEqual(['live', 'expired token', null]);
    expect((await api(server.baseUrl, signedIn, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
    expect((await api(server.baseUrl, signedOut, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
  });
});
