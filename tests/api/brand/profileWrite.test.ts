import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../../common/types';
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
  fetchLogo,
  logoPart,
  profileForm,
  redPng,
  send,
  storedProfile,
  SVG_WITH_SCRIPT,
  tinyGif,
} from '../profileFixtures';

// Updating company profiles as multipart form data: text fields and the logo (type from the
// content, at most 1 MB), and bad input answering 4xx with nothing written. On SQLite and
// PostgreSQL. Roles, create and delete: profileAccess.test.ts.

const postgresUp = await isPostgresReachable();
const BACKENDS: Backend[] = ['sqlite', 'postgres'];
const MB = 1024 * 1024;

describe.each(BACKENDS)('company profile writes (%s)', (backend) => {
  describe.skipIf(backend === 'postgres' && !postgresUp)(`on ${backend}`, () => {
    let server: TestServer;
    let acmeAdmin: Session;
    let acmeId: number;
    let acmeProfileId: number;

    const put = (session: Session, id: number, body: FormData | string, headers = {}) =>
      send(server, session, 'PUT', `/api/v1/companyProfiles/${id}`, body, headers);
    const acmeRow = () => storedProfile(server, acmeId);

    beforeAll(async () => {
      server = await startServer({ backend });
      acmeId = await accountIdOf(server, 'acme');
      acmeProfileId = (await acmeRow())!.id;
      acmeAdmin = await login(server.baseUrl, 'acme', 'admin');
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('update by the owning admin', () => {
      it('changes name, website, colours and time zone, answers the record and serves it as the brand', async () => {
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({
            name: 'Acme Insights',
            website: 'https://insights.acme.example',
            primaryColor: '#2E7D32',
            secondaryColor: '#6a1b9a',
            timeZone: 'Europe/Berlin',
          }),
        );
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({
          id: acmeProfileId,
          accountId: acmeId,
          name: 'Acme Insights',
          website: 'https://insights.acme.example',
          primaryColor: '#2e7d32',
          secondaryColor: '#6a1b9a',
          hasLogo: true,
          timeZone: 'Europe/Berlin',
          language: null,
        });
        const brand = await send(server, null, 'GET', '/api/v1/companyProfile', undefined, {
          site: 'acme',
        });
        expect(brand.json).toEqual(answer.json);
      });

      it('refuses a time zone nobody has, naming the field', async () => {
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({ timeZone: 'Mars/Olympus' }),
        );
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({ field: 'timeZone' });
        expect(JSON.stringify(answer.json)).toContain('must be a time zone such as Europe/Berlin');
      });

      it('changes only the fields sent', async () => {
        const before = await acmeRow();
        const answer = await put(acmeAdmin, acmeProfileId, profileForm({ name: '  Acme Labs  ' }));
        expect(answer.status).toBe(200);
        const after = await acmeRow();
        expect(after).toEqual({ ...before, name: 'Acme Labs' });
      });

      it('accepts an empty website (a profile may have none)', async () => {
        const answer = await put(acmeAdmin, acmeProfileId, profileForm({ website: '' }));
        expect(answer.status).toBe(200);
        expect((answer.json as CompanyProfile).website).toBe('');
      });

      it('stores an uploaded PNG logo and serves back the identical bytes', async () => {
        const png = redPng();
        const before = await fetchLogo(server, 'acme');
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({}, { logo: logoPart(png) }),
        );
        expect(answer.status).toBe(200);
        expect((answer.json as CompanyProfile).hasLogo).toBe(true);
        const logo = await fetchLogo(server, 'acme');
        expect(logo.status).toBe(200);
        expect(logo.headers.get('content-type')).toBe('image/png');
        expect(logo.bytes.equals(png)).toBe(true);
        expect(logo.headers.get('etag')).not.toBe(before.headers.get('etag'));
      });

      it('takes the type from the content, not from the name or the claimed type', async () => {
        const gif = tinyGif();
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({}, { logo: logoPart(gif, 'logo.png', 'image/png') }),
        );
        expect(answer.status).toBe(200);
        const logo = await fetchLogo(server, 'acme');
        expect(logo.headers.get('content-type')).toBe('image/gif');
        expect(logo.bytes.equals(gif)).toBe(true);
        expect((await acmeRow())!.logo_mime).toBe('image/gif');
      });
    });

    describe('bad input leaves the profile as it was', () => {
      let before: Awaited<ReturnType<typeof acmeRow>>;
      beforeEach(async () => {
        before = await acmeRow();
      });
      const expectUnchanged = async () => expect(await acmeRow()).toEqual(before);

      it('refuses an SVG logo with 415 naming the logo', async () => {
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm(
            { name: 'Should not be saved' },
            { logo: logoPart(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml') },
          ),
        );
        expect(answer.status).toBe(415);
        expect(answer.json).toMatchObject({ statusCode: 415, field: 'logo' });
        expect((answer.json as { message: string }).message).toMatch(/SVG images are not accepted/);
        await expectUnchanged();
      });

      it('refuses SVG content sent as logo.png with image/png', async () => {
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({}, { logo: logoPart(SVG_WITH_SCRIPT, 'logo.png', 'image/png') }),
        );
        expect(answer.status).toBe(415);
        expect(answer.json).toMatchObject({ field: 'logo' });
        await expectUnchanged();
      });

      it('refuses files that are not PNG, JPEG, GIF or WebP', async () => {
        const pdf = Buffer.from(
          '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n',
        );
        const text = Buffer.from('just some text, not an image');
        for (const bytes of [pdf, text]) {
          const answer = await put(
            acmeAdmin,
            acmeProfileId,
            profileForm({}, { logo: logoPart(bytes) }),
          );
          expect(answer.status).toBe(415);
          expect((answer.json as { message: string }).message).toMatch(
            /logo: must be a PNG, JPEG, GIF or WebP image/,
          );
        }
        await expectUnchanged();
      });

      it('answers 413 for a logo over 1 MB', async () => {
        const big = Buffer.concat([redPng(), Buffer.alloc(MB)]);
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({ name: 'Too big' }, { logo: logoPart(big) }),
        );
        expect(answer.status).toBe(413);
        expect(answer.json).toMatchObject({ statusCode: 413, field: 'logo' });
        await expectUnchanged();
      });

      it('accepts a logo of exactly 1 MB', async () => {
        const png = redPng();
        const exact = Buffer.concat([png, Buffer.alloc(MB - png.length)]);
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({}, { logo: logoPart(exact) }),
        );
        expect(answer.status).toBe(200);
        expect((await fetchLogo(server, 'acme')).bytes.equals(exact)).toBe(true);
        await put(acmeAdmin, acmeProfileId, profileForm({}, { logo: logoPart(png) }));
        before = await acmeRow();
      });

      it('refuses an empty logo file', async () => {
        const answer = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({}, { logo: logoPart(Buffer.alloc(0)) }),
        );
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({ message: 'logo: the file is empty.', field: 'logo' });
        await expectUnchanged();
      });

      it('answers 400 naming unknown fields and unknown file fields', async () => {
        const field = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({ name: 'X', colour: 'red' }),
        );
        expect(field.status).toBe(400);
        expect(field.json).toMatchObject({ message: 'Unknown field: colour.', field: 'colour' });
        const file = await put(
          acmeAdmin,
          acmeProfileId,
          profileForm({ name: 'X' }, { picture: logoPart(redPng()) }),
        );
        expect(file.status).toBe(400);
        expect(file.json).toMatchObject({ field: 'picture' });
        await expectUnchanged();
      });

      it('answers 400 for colours that are not #rrggbb, with the other fields not saved', async () => {
        for (const colour of ['red', '#12345', '#1234567', '#gggggg', '']) {
          const answer = await put(
            acmeAdmin,
            acmeProfileId,
            profileForm({ name: 'Not saved', primaryColor: colour }),
          );
          expect(answer.status).toBe(400);
          expect(answer.json).toMatchObject({
            field: 'primaryColor',
            message: 'primaryColor: must be a colour in the form #rrggbb',
          });
        }
        await expectUnchanged();
      });

      it('answers 400 for an empty or too long name and a website that is not an address', async () => {
        const cases: [Record<string, string>, string][] = [
          [{ name: '   ' }, 'name'],
          [{ name: 'n'.repeat(121) }, 'name'],
          [{ website: 'not a website' }, 'website'],
          [{ website: `${'w'.repeat(200)}.example` }, 'website'],
          [{ secondaryColor: 'blue' }, 'secondaryColor'],
        ];
        for (const [fields, field] of cases) {
          const answer = await put(acmeAdmin, acmeProfileId, profileForm(fields));
          expect(answer.status).toBe(400);
          expect(answer.json).toMatchObject({ field });
        }
        await expectUnchanged();
      });

      it('answers 400 for read-only fields changed: accountId, id, hasLogo', async () => {
        // Equal to the stored profile they are ignored (tests/api/updateRoundTrip.test.ts).
        const changed = { accountId: '999999', id: '999999', hasLogo: 'maybe' };
        for (const [field, value] of Object.entries(changed)) {
          const answer = await put(acmeAdmin, acmeProfileId, profileForm({ [field]: value }));
          expect(answer.status).toBe(400);
          expect(answer.json).toMatchObject({ field });
        }
        await expectUnchanged();
      });

      it('answers 400 for a field sent twice and for an over-long field value', async () => {
        const twice = new FormData();
        twice.append('name', 'One');
        twice.append('name', 'Two');
        const answer = await put(acmeAdmin, acmeProfileId, twice);
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({ message: 'name: given more than once.' });
        const long = await put(acmeAdmin, acmeProfileId, profileForm({ name: 'x'.repeat(5000) }));
        expect(long.status).toBe(400);
        expect(long.json).toMatchObject({ field: 'name' });
        await expectUnchanged();
      });

      it('answers 415 for a JSON body and 400 for malformed JSON', async () => {
        const json = await put(acmeAdmin, acmeProfileId, JSON.stringify({ name: 'Json' }), {
          'content-type': 'application/json',
        });
        expect(json.status).toBe(415);
        expect((json.json as { message: string }).message).toMatch(/multipart\/form-data/);
        const malformed = await put(acmeAdmin, acmeProfileId, '{"name":', {
          'content-type': 'application/json',
        });
        expect(malformed.status).toBe(400);
        expect(malformed.json).toMatchObject({ message: 'Body is not valid JSON.' });
        await expectUnchanged();
      });
    });
  });
});
