import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  isPostgresReachable,
  login,
  startServer,
  type Backend,
  type Session,
  type TestServer,
} from '../harness';
import { call } from '../fixtures';
import { accountIdOf, profileForm, send, storedProfile } from '../profileFixtures';

// Who chooses the language (issue 38): the account's default on its company profile (public
// with the brand, so the sign-in page follows it) and each user's own choice on /me, which
// the sign-in and the session answer carry. On SQLite and PostgreSQL.

const postgresUp = await isPostgresReachable();
const BACKENDS: Backend[] = ['sqlite', 'postgres'];

describe.each(BACKENDS)('languages (%s)', (backend) => {
  describe.skipIf(backend === 'postgres' && !postgresUp)(`on ${backend}`, () => {
    let server: TestServer;
    let acmeAdmin: Session;
    let acmeProfileId: number;

    const brand = () =>
      send(server, null, 'GET', '/api/v1/companyProfile', undefined, { site: 'acme' });
    const putProfile = (fields: Record<string, string>) =>
      send(
        server,
        acmeAdmin,
        'PUT',
        `/api/v1/companyProfiles/${acmeProfileId}`,
        profileForm(fields),
      );
    const me = (token: string, method: 'GET' | 'PUT' = 'GET', body?: unknown) =>
      call(server, method, '/api/v1/me', { token, site: 'acme', body });

    beforeAll(async () => {
      server = await startServer({ backend });
      acmeProfileId = (await storedProfile(server, await accountIdOf(server, 'acme')))!.id;
      acmeAdmin = await login(server.baseUrl, 'acme', 'admin');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('has no default language until the admin sets one: the browser decides', async () => {
      expect((await brand()).json).toMatchObject({ language: null });
    });

    it('sets, serves publicly and clears the account default language', async () => {
      const set = await putProfile({ language: 'ar' });
      expect(set.status).toBe(200);
      expect(set.json).toMatchObject({ language: 'ar' });
      expect((await brand()).json).toMatchObject({ language: 'ar' });

      const renamed = await putProfile({ name: 'Acme Arabia' });
      expect(renamed.json).toMatchObject({ name: 'Acme Arabia', language: 'ar' });

      const cleared = await putProfile({ language: '' });
      expect(cleared.status).toBe(200);
      expect((await brand()).json).toMatchObject({ language: null });
    });

    it('refuses a language it does not speak, naming the field and changing nothing', async () => {
      await putProfile({ language: 'fr' });
      for (const language of ['klingon', 'FR', 'fr-FR', 'pt']) {
        const answer = await putProfile({ language });
        expect(answer.status, language).toBe(400);
        expect(answer.json, language).toMatchObject({ field: 'language' });
        expect((answer.json as { message: string }).message, language).toContain('pt-BR');
      }
      expect((await brand()).json).toMatchObject({ language: 'fr' });
    });

    it("keeps each user's own language, carried by the sign-in and the session", async () => {
      const viewer = await login(server.baseUrl, 'acme', 'viewer');
      expect((await me(viewer.token)).json).toMatchObject({ language: null });

      const chosen = await me(viewer.token, 'PUT', { language: 'he' });
      expect(chosen.status).toBe(200);
      expect(chosen.json).toMatchObject({ username: 'viewer', language: 'he' });
      expect((await me(viewer.token)).json).toMatchObject({ language: 'he' });
      const again = await call(server, 'POST', '/api/v1/login', {
        site: 'acme',
        body: { username: 'viewer', password: TEST_PASSWORD },
      });
      expect(again.json.user).toMatchObject({ language: 'he' });

      const named = await me(viewer.token, 'PUT', { fullName: 'Vera Viewer' });
      expect(named.json).toMatchObject({ fullName: 'Vera Viewer', language: 'he' });

      const back = await me(viewer.token, 'PUT', { language: null });
      expect(back.json).toMatchObject({ language: null });
    });

    it("refuses an unknown language or an empty change of the user's own profile", async () => {
      const viewer = await login(server.baseUrl, 'acme', 'viewer');
      await me(viewer.token, 'PUT', { language: 'de' });
      for (const body of [
        { language: 'xx' },
        { language: '' },
        {},
        { language: 'de', role: 'admin' },
      ]) {
        const answer = await me(viewer.token, 'PUT', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      expect((await me(viewer.token)).json).toMatchObject({ language: 'de' });
    });
  });
});
