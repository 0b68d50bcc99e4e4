import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider, toFormData } from '../../../../src/app/providers/dataProvider';
import { build, type TestServer } from '../../../api/harness';
import { signInAs } from '../../support/realSession';

// The data provider against the real server: ra-data-simple-rest lists and records with the
// session's headers, the `companies` resource on /companyProfiles as multipart form data.

let server: TestServer;
/** The URL of every request the server received, query string included. */
const urls: string[] = [];
let provider: ReturnType<typeof createDataProvider>;

beforeAll(async () => {
  server = await build({
    beforeListen: (app) => app.addHook('onRequest', async (request) => void urls.push(request.url)),
  });
  provider = createDataProvider(`${server.baseUrl}/api/v1`);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  urls.length = 0;
  sessionStorage.clear();
});

describe('dataProvider', () => {
  it('lists records through ra-data-simple-rest with the session headers', async () => {
    const token = await signInAs(server, 'acme', 'admin');
    const answer = await provider.getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const stored = await server.app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.username'])
      .where('accounts.site', '=', 'acme')
      .orderBy('users.id')
      .execute();
    expect(answer.data.map(({ id, username }) => ({ id, username }))).toEqual(stored);
    expect(answer.total).toBe(stored.length);
    expect(decodeURIComponent(urls[0])).toContain('range=[0,24]');
    const request = server.requests[0];
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
    expect(request.headers.site).toBe('acme');
  });

  it('maps the companies resource to companyProfiles', async () => {
    await signInAs(server, 'acme', 'admin');
    const { id } = await server.app.db
      .selectFrom('company_profiles')
      .innerJoin('accounts', 'accounts.id', 'company_profiles.account_id')
      .select('company_profiles.id')
      .where('accounts.site', '=', 'acme')
      .executeTakeFirstOrThrow();
    const answer = await provider.getOne('companies', { id });
    expect(answer.data).toMatchObject({ id, name: 'Acme Analytics' });
    expect(server.requests[0].path).toBe(`/api/v1/companyProfiles/${id}`);
  });

  it('sends company profile create and update as multipart form data', async () => {
    const accountId = await server.addAccount('beta', {});
    await signInAs(server, 'www', 'admin');
    const created = await provider.create('companies', {
      data: { name: 'Acme', website: 'acme.example', accountId },
    });
    expect(created.data).toMatchObject({ name: 'Acme', website: 'acme.example', accountId });
    const profile = created.data;
    const updated = await provider.update('companies', {
      id: profile.id,
      data: { ...profile, name: 'Acme 2', logo: { src: 'data:…' } },
      previousData: profile,
    });
    // The server refuses fields it does not take (id, hasLogo, accountId, a logo that is no
    // file): the update passing shows answer-only fields and an unchanged logo are not sent.
    expect(updated.data).toMatchObject({ id: profile.id, name: 'Acme 2', accountId });
    const [create, update] = server.requests;
    expect(create.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(update.path).toBe(`/api/v1/companyProfiles/${profile.id}`);
    expect(update.headers['content-type']).toMatch(/^multipart\/form-data/);
  });

  it('keeps other resources as JSON', async () => {
    await signInAs(server, 'acme', 'admin');
    const user = {
      username: 'newcomer',
      fullName: 'New Comer',
      email: 'newcomer@acme.example',
      role: 'viewer',
    };
    const created = await provider.create('users', { data: user });
    expect(created.data).toMatchObject(user);
    expect(server.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0].body)).toEqual(user);
  });
});

describe('toFormData', () => {
  it('turns a FileInput value into a file part', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const form = toFormData({ name: 'Acme', logo: { rawFile: logo, src: 'blob:x' }, empty: null });
    expect(form.get('name')).toBe('Acme');
    const part = form.get('logo') as File;
    expect(part.name).toBe('logo.png');
    expect(part.type).toBe('image/png');
    expect(form.has('empty')).toBe(false);
  });
});
