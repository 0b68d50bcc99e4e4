import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDemoLogo } from '../../../server/seed/demoLogo';
import type { CompanyProfile } from '../../../common/types';
import {
  isPostgresReachable,
  login,
  startServer,
  type Backend,
  type Session,
  type TestServer,
} from '../harness';
import { accountIdOf, addTenant, fetchLogo, PNG_SIGNATURE, send } from '../profileFixtures';

// The brand of a site (GET companyProfile and logo, public) and reading companyProfiles
// (simple-rest list and get) with tenants and roles, on SQLite and PostgreSQL.

const postgresUp = await isPostgresReachable();
const BACKENDS: Backend[] = ['sqlite', 'postgres'];

describe.each(BACKENDS)('company profile reads (%s)', (backend) => {
  describe.skipIf(backend === 'postgres' && !postgresUp)(`on ${backend}`, () => {
    let server: TestServer;
    let platform: Session;
    let acmeAdmin: Session;
    let acmeId: number;
    let globexId: number;
    let initechId: number;

    const list = (session: Session | null, query = '') =>
      send(server, session, 'GET', `/api/v1/companyProfiles${query}`);
    const names = (json: unknown) => (json as CompanyProfile[]).map((p) => p.name);
    const q = (params: Record<string, unknown>) =>
      '?' +
      Object.entries(params)
        .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
        .join('&');

    beforeAll(async () => {
      server = await startServer({ backend });
      acmeId = await accountIdOf(server, 'acme');
      globexId = await addTenant(server, 'globex', 'Globex Corporation');
      initechId = await addTenant(server, 'initech', 'Initech');
      platform = await login(server.baseUrl, 'www', 'admin');
      acmeAdmin = await login(server.baseUrl, 'acme', 'admin');
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('GET /api/v1/companyProfile', () => {
      it('answers the profile of the site, without signing in', async () => {
        const answer = await send(server, null, 'GET', '/api/v1/companyProfile', undefined, {
          site: 'acme',
        });
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({
          id: expect.any(Number),
          accountId: acmeId,
          name: 'Acme Analytics',
          website: 'acme.example',
          primaryColor: '#1565c0',
          secondaryColor: '#ff8f00',
          hasLogo: true,
          timeZone: 'UTC',
          language: null,
        });
      });

      it('answers each site its own profile', async () => {
        const answer = await send(server, null, 'GET', '/api/v1/companyProfile', undefined, {
          site: 'globex',
        });
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ name: 'Globex Corporation', accountId: globexId });
        expect((answer.json as CompanyProfile).hasLogo).toBe(false);
      });

      it('answers 404 JSON for an unknown site and for a site without a profile', async () => {
        for (const site of ['nosuchsite', 'www']) {
          const answer = await send(server, null, 'GET', '/api/v1/companyProfile', undefined, {
            site,
          });
          expect(answer.status).toBe(404);
          expect(answer.json).toEqual({
            statusCode: 404,
            error: 'Not Found',
            message: 'Company profile not found.',
          });
        }
      });
    });

    describe('GET /api/v1/logo', () => {
      it('serves the seeded PNG of acme with nosniff, a closed CSP and a validator', async () => {
        const logo = await fetchLogo(server, 'acme');
        expect(logo.status).toBe(200);
        expect(logo.headers.get('content-type')).toBe('image/png');
        expect(logo.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(logo.bytes.equals(drawDemoLogo())).toBe(true);
        expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
        expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'");
        expect(logo.headers.get('cache-control')).toBe('private, no-cache');
        expect(logo.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      });

      it('answers 304 without the image when the ETag still matches', async () => {
        const first = await fetchLogo(server, 'acme');
        const etag = first.headers.get('etag')!;
        const again = await fetchLogo(server, 'acme', { 'if-none-match': etag });
        expect(again.status).toBe(304);
        expect(again.bytes.length).toBe(0);
        const other = await fetchLogo(server, 'acme', { 'if-none-match': '"something-else"' });
        expect(other.status).toBe(200);
        expect(other.bytes.equals(first.bytes)).toBe(true);
      });

      it('answers 404 JSON for a site without a logo and for an unknown site', async () => {
        for (const site of ['globex', 'nosuchsite', 'www']) {
          const answer = await send(server, null, 'GET', '/api/v1/logo', undefined, { site });
          expect(answer.status).toBe(404);
          expect(answer.json).toMatchObject({ statusCode: 404, error: 'Not Found' });
        }
      });
    });

    describe('GET /api/v1/companyProfiles', () => {
      it('lists every profile for the platform admin, with Content-Range and X-Total-Count', async () => {
        const answer = await list(platform, q({ sort: ['name', 'ASC'], range: [0, 9] }));
        expect(answer.status).toBe(200);
        expect(names(answer.json)).toEqual(['Acme Analytics', 'Globex Corporation', 'Initech']);
        expect(answer.headers.get('content-range')).toBe('companyProfiles 0-2/3');
        expect(answer.headers.get('x-total-count')).toBe('3');
        expect(answer.headers.get('access-control-expose-headers')).toContain('Content-Range');
        expect(answer.json as CompanyProfile[]).toContainEqual(
          expect.objectContaining({ accountId: initechId, hasLogo: false }),
        );
      });

      it('sorts by name or id and pages with range', async () => {
        const desc = await list(platform, q({ sort: ['name', 'DESC'], range: [0, 1] }));
        expect(names(desc.json)).toEqual(['Initech', 'Globex Corporation']);
        expect(desc.headers.get('content-range')).toBe('companyProfiles 0-1/3');
        const byId = await list(platform, q({ sort: ['id', 'ASC'], range: [1, 2] }));
        expect(names(byId.json)).toEqual(['Globex Corporation', 'Initech']);
        expect(byId.headers.get('content-range')).toBe('companyProfiles 1-2/3');
      });

      it('filters by q (name or website), accountId and id', async () => {
        const search = await list(platform, q({ filter: { q: 'GLOBEX' } }));
        expect(names(search.json)).toEqual(['Globex Corporation']);
        const byWebsite = await list(platform, q({ filter: { q: 'acme.example' } }));
        expect(names(byWebsite.json)).toEqual(['Acme Analytics']);
        const byAccount = await list(platform, q({ filter: { accountId: initechId } }));
        expect(names(byAccount.json)).toEqual(['Initech']);
        const all = (await list(platform)).json as CompanyProfile[];
        const ids = all.filter((p) => p.name !== 'Initech').map((p) => p.id);
        const byIds = await list(platform, q({ filter: { id: ids }, sort: ['name', 'ASC'] }));
        expect(names(byIds.json)).toEqual(['Acme Analytics', 'Globex Corporation']);
      });

      it('answers 400 naming the parameter for unknown sort or filter fields and bad JSON', async () => {
        const badSort = await list(platform, q({ sort: ['logo', 'ASC'] }));
        expect(badSort.status).toBe(400);
        expect(badSort.json).toMatchObject({ field: 'sort' });
        const badFilter = await list(platform, q({ filter: { primaryColor: '#000000' } }));
        expect(badFilter.status).toBe(400);
        expect(badFilter.json).toMatchObject({ field: 'filter' });
        const malformed = await list(platform, '?range=[0,');
        expect(malformed.status).toBe(400);
        expect(malformed.json).toMatchObject({ message: 'range is not valid JSON.' });
      });

      it("lists only the admin's own account's profile, whatever the filter asks", async () => {
        const own = await list(acmeAdmin);
        expect(names(own.json)).toEqual(['Acme Analytics']);
        expect(own.headers.get('content-range')).toBe('companyProfiles 0-0/1');
        const other = await list(acmeAdmin, q({ filter: { accountId: globexId } }));
        expect(other.json).toEqual([]);
        expect(other.headers.get('content-range')).toBe('companyProfiles */0');
      });

      it('refuses editors and viewers (403) and anonymous callers (401)', async () => {
        for (const username of ['editor', 'viewer']) {
          const session = await login(server.baseUrl, 'acme', username);
          const answer = await list(session);
          expect(answer.status).toBe(403);
          expect(answer.json).toMatchObject({ statusCode: 403, error: 'Forbidden' });
          const profile = (await list(platform, q({ filter: { accountId: acmeId } })))
            .json as CompanyProfile[];
          const one = await send(
            server,
            session,
            'GET',
            `/api/v1/companyProfiles/${profile[0].id}`,
          );
          expect(one.status).toBe(403);
        }
        const anonymous = await send(server, null, 'GET', '/api/v1/companyProfiles', undefined, {
          site: 'acme',
        });
        expect(anonymous.status).toBe(401);
      });

      it('answers 403 to a token of acme used on another site', async () => {
        const answer = await send(server, null, 'GET', '/api/v1/companyProfiles', undefined, {
          authorization: acmeAdmin.headers.authorization,
          site: 'globex',
        });
        expect(answer.status).toBe(403);
      });
    });

    describe('GET /api/v1/companyProfiles/{id}', () => {
      const profileOf = async (accountId: number) =>
        ((await list(platform, q({ filter: { accountId } }))).json as CompanyProfile[])[0];

      it('answers the record to the platform admin and to the owning admin', async () => {
        const acme = await profileOf(acmeId);
        const globex = await profileOf(globexId);
        const byPlatform = await send(
          server,
          platform,
          'GET',
          `/api/v1/companyProfiles/${globex.id}`,
        );
        expect(byPlatform.status).toBe(200);
        expect(byPlatform.json).toEqual(globex);
        const byOwner = await send(server, acmeAdmin, 'GET', `/api/v1/companyProfiles/${acme.id}`);
        expect(byOwner.status).toBe(200);
        expect(byOwner.json).toEqual(acme);
      });

      it("answers 404 (never 403) for another account's profile and for unknown ids", async () => {
        const globex = await profileOf(globexId);
        for (const id of [globex.id, 999999]) {
          const answer = await send(server, acmeAdmin, 'GET', `/api/v1/companyProfiles/${id}`);
          expect(answer.status).toBe(404);
          expect(answer.json).toMatchObject({ message: 'Company profile not found.' });
        }
      });

      it('answers 400 for an id that is not a positive integer', async () => {
        const answer = await send(server, platform, 'GET', '/api/v1/companyProfiles/abc');
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({ field: 'id' });
      });
    });
  });
});
