import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPostgresReachable,
  login,
  startServer,
  type Backend,
  type Session,
  type TestServer,
} from '../harness';
import {
  accountIdOf,
  addTenant,
  fetchLogo,
  logoPart,
  profileForm,
  redPng,
  send,
  storedProfile,
  SVG_WITH_SCRIPT,
} from '../profileFixtures';

// Who may write company profiles: editors and viewers never, an admin only their own account's
// (another's answers 404), the platform admin every profile, and only they create (one per
// account) and delete. On SQLite and PostgreSQL.

const postgresUp = await isPostgresReachable();
const BACKENDS: Backend[] = ['sqlite', 'postgres'];

describe.each(BACKENDS)('company profile access, create and delete (%s)', (backend) => {
  describe.skipIf(backend === 'postgres' && !postgresUp)(`on ${backend}`, () => {
    let server: TestServer;
    let platform: Session;
    let acmeAdmin: Session;
    let acmeId: number;
    let acmeProfileId: number;
    let globexId: number;

    const put = (session: Session, id: number, body: FormData | string, headers = {}) =>
      send(server, session, 'PUT', `/api/v1/companyProfiles/${id}`, body, headers);
    const post = (session: Session, body: FormData | string, headers = {}) =>
      send(server, session, 'POST', '/api/v1/companyProfiles', body, headers);
    const acmeRow = () => storedProfile(server, acmeId);

    beforeAll(async () => {
      server = await startServer({ backend });
      acmeId = await accountIdOf(server, 'acme');
      acmeProfileId = (await acmeRow())!.id;
      globexId = await addTenant(server, 'globex', 'Globex Corporation');
      platform = await login(server.baseUrl, 'www', 'admin');
      acmeAdmin = await login(server.baseUrl, 'acme', 'admin');
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('who may write', () => {
      it('refuses editors and viewers with 403', async () => {
        for (const username of ['editor', 'viewer']) {
          const session = await login(server.baseUrl, 'acme', username);
          const answer = await put(session, acmeProfileId, profileForm({ name: 'Hijacked' }));
          expect(answer.status).toBe(403);
        }
        expect((await acmeRow())!.name).not.toBe('Hijacked');
      });

      it("answers 404 to an admin updating another account's profile", async () => {
        const globex = await storedProfile(server, globexId);
        const answer = await put(acmeAdmin, globex!.id, profileForm({ name: 'Hijacked' }));
        expect(answer.status).toBe(404);
        expect(await storedProfile(server, globexId)).toEqual(globex);
      });

      it('lets the platform admin update any profile', async () => {
        const globex = await storedProfile(server, globexId);
        const answer = await put(
          platform,
          globex!.id,
          profileForm({ name: 'Globex Worldwide' }, { logo: logoPart(redPng()) }),
        );
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ name: 'Globex Worldwide', hasLogo: true });
        expect((await fetchLogo(server, 'globex')).bytes.equals(redPng())).toBe(true);
      });

      it('refuses create and delete to an admin (403)', async () => {
        const created = await post(
          acmeAdmin,
          profileForm({ accountId: String(acmeId), name: 'A' }),
        );
        expect(created.status).toBe(403);
        const deleted = await send(
          server,
          acmeAdmin,
          'DELETE',
          `/api/v1/companyProfiles/${acmeProfileId}`,
        );
        expect(deleted.status).toBe(403);
        expect(await acmeRow()).toBeDefined();
      });
    });

    describe('create and delete by the platform admin', () => {
      let initechId: number;
      beforeAll(async () => {
        initechId = await addTenant(server, 'initech', null);
      });

      it('answers 400 without accountId or name, and for an unknown account', async () => {
        const noAccount = await post(platform, profileForm({ name: 'Initech' }));
        expect(noAccount.status).toBe(400);
        expect(noAccount.json).toMatchObject({
          message: 'accountId: is required',
          field: 'accountId',
        });
        const noName = await post(platform, profileForm({ accountId: String(initechId) }));
        expect(noName.status).toBe(400);
        expect(noName.json).toMatchObject({ field: 'name' });
        const unknown = await post(platform, profileForm({ accountId: '999999', name: 'Ghost' }));
        expect(unknown.status).toBe(400);
        expect(unknown.json).toMatchObject({ field: 'accountId' });
        const notANumber = await post(platform, profileForm({ accountId: 'abc', name: 'Ghost' }));
        expect(notANumber.status).toBe(400);
        expect(await storedProfile(server, initechId)).toBeUndefined();
      });

      it('refuses a bad logo on create and writes nothing', async () => {
        const answer = await post(
          platform,
          profileForm(
            { accountId: String(initechId), name: 'Initech' },
            { logo: logoPart(SVG_WITH_SCRIPT) },
          ),
        );
        expect(answer.status).toBe(415);
        expect(await storedProfile(server, initechId)).toBeUndefined();
      });

      it('creates a profile with its logo, served as the brand of the site', async () => {
        const png = redPng();
        const answer = await post(
          platform,
          profileForm(
            {
              accountId: String(initechId),
              name: 'Initech',
              website: 'initech.example',
              primaryColor: '#123456',
              secondaryColor: '#abcdef',
            },
            { logo: logoPart(png) },
          ),
        );
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({
          id: expect.any(Number),
          accountId: initechId,
          name: 'Initech',
          website: 'initech.example',
          primaryColor: '#123456',
          secondaryColor: '#abcdef',
          hasLogo: true,
          timeZone: 'UTC',
          language: null,
        });
        const brand = await send(server, null, 'GET', '/api/v1/companyProfile', undefined, {
          site: 'initech',
        });
        expect(brand.json).toEqual(answer.json);
        expect((await fetchLogo(server, 'initech')).bytes.equals(png)).toBe(true);
      });

      it('answers 409 for a second profile of the same account', async () => {
        const before = await storedProfile(server, initechId);
        const answer = await post(
          platform,
          profileForm({ accountId: String(initechId), name: 'Initech Again' }),
        );
        expect(answer.status).toBe(409);
        expect(answer.json).toMatchObject({ statusCode: 409, field: 'accountId' });
        expect(await storedProfile(server, initechId)).toEqual(before);
      });

      it('deletes a profile: the record is answered, then gone', async () => {
        const profile = await storedProfile(server, initechId);
        const answer = await send(
          server,
          platform,
          'DELETE',
          `/api/v1/companyProfiles/${profile!.id}`,
        );
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ id: profile!.id, name: 'Initech' });
        expect(await storedProfile(server, initechId)).toBeUndefined();
        const again = await send(
          server,
          platform,
          'DELETE',
          `/api/v1/companyProfiles/${profile!.id}`,
        );
        expect(again.status).toBe(404);
        const logo = await fetchLogo(server, 'initech');
        expect(logo.status).toBe(404);
      });
    });
  });
});
