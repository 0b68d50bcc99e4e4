import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider, toFormData } from '../../../../src/app/providers/dataProvider';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { json, startLocalServer, type LocalServer } from '../../support/localServer';

let server: LocalServer;
const profile = { id: 4, accountId: 2, name: 'Acme', website: 'acme.example', hasLogo: true };

beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
  sessionStorage.setItem(
    SESSION_KEYS.user,
    JSON.stringify({ id: 1, site: 'acme', role: 'admin', active: true }),
  );
});

describe('dataProvider', () => {
  it('lists records through ra-data-simple-rest with the session headers', async () => {
    server.route(
      'GET',
      '/api/v1/users',
      json([{ id: 1, username: 'a' }], 200, { 'content-range': 'users 0-0/1' }),
    );
    const provider = createDataProvider(`${server.url}/api/v1`);
    const answer = await provider.getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(answer).toEqual({ data: [{ id: 1, username: 'a' }], total: 1 });
    const request = server.requests[0];
    expect(decodeURIComponent(request.path)).toContain('range=[0,24]');
    expect(request.headers.authorization).toBe('Bearer tok-1');
    expect(request.headers.site).toBe('acme');
  });

  it('maps the companies resource to companyProfiles', async () => {
    server.route('GET', '/api/v1/companyProfiles/4', json(profile));
    const provider = createDataProvider(`${server.url}/api/v1`);
    const answer = await provider.getOne('companies', { id: 4 });
    expect(answer.data).toEqual(profile);
    expect(server.requests[0].path).toBe('/api/v1/companyProfiles/4');
  });

  it('sends company profile create and update as multipart form data', async () => {
    server.route('POST', '/api/v1/companyProfiles', json(profile));
    server.route('PUT', '/api/v1/companyProfiles/4', json(profile));
    const provider = createDataProvider(`${server.url}/api/v1`);
    await provider.create('companies', {
      data: { name: 'Acme', website: 'acme.example', accountId: 2 },
    });
    await provider.update('companies', {
      id: 4,
      data: { ...profile, name: 'Acme 2', logo: { src: 'data:…' } },
      previousData: profile,
    });
    const [create, update] = server.requests;
    expect(create.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(create.body.toString()).toMatch(/name="name"\r\n\r\nAcme\r\n/);
    expect(create.body.toString()).toMatch(/name="accountId"\r\n\r\n2\r\n/);
    expect(update.path).toBe('/api/v1/companyProfiles/4');
    expect(update.headers['content-type']).toMatch(/^multipart\/form-data/);
    const updateBody = update.body.toString();
    expect(updateBody).toMatch(/name="name"\r\n\r\nAcme 2\r\n/);
    // Answer-only fields and an unchanged logo are not sent.
    for (const field of ['id', 'hasLogo', 'accountId', 'logo']) {
      expect(updateBody).not.toContain(`name="${field}"`);
    }
  });

  it('keeps other resources as JSON', async () => {
    server.route('POST', '/api/v1/users', json({ id: 9 }));
    const provider = createDataProvider(`${server.url}/api/v1`);
    await provider.create('users', { data: { username: 'new' } });
    expect(server.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0].body.toString())).toEqual({ username: 'new' });
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
