import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// Translations of information pages and help articles: written by the platform admin,
// answered by the public page and the help panel, checked (400 naming the field), and not
// writable by a tenant's users.

describe('platform content translations', () => {
  let server: PlatformServer;
  let root: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    server = await startPlatformServer();
    root = await server.sessionFor('www', 'admin');
    acmeAdmin = await server.sessionFor('acme', 'admin');
  });
  afterAll(() => server?.close());

  const page = { slug: 'legal/notice', title: 'Notice', body: 'Read me', published: true };
  const french = { fr: { title: 'Avis', body: 'Lisez-moi' }, ar: { title: 'إشعار' } };

  it("keeps an information page's translations and answers them on its public page", async () => {
    const created = await call(server, 'POST', '/api/v1/info', {
      token: root,
      body: { ...page, translations: french },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.translations).toEqual(french);
    const read = await call(server, 'GET', '/api/v1/public/info/legal/notice');
    expect(read.json).toEqual({
      slug: 'legal/notice',
      title: 'Notice',
      body: 'Read me',
      translations: french,
    });
    const links = await call(server, 'GET', '/api/v1/public/info');
    const link = (links.json as { slug: string }[]).find((entry) => entry.slug === 'legal/notice');
    expect(link).toEqual({ slug: 'legal/notice', title: 'Notice', translations: french });

    const id = created.json.id as number;
    const bad = await call(server, 'PUT', `/api/v1/info/${id}`, {
      token: root,
      body: { id, ...page, title: 'Changed', translations: { fr: { title: 'x'.repeat(201) } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('translations.fr.title');
    const unknown = await call(server, 'PUT', `/api/v1/info/${id}`, {
      token: root,
      body: { id, ...page, translations: { 'fr-fr': { title: 'Avis' } } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.field).toBe('translations.fr-fr');
    expect((await call(server, 'GET', '/api/v1/public/info/legal/notice')).json.title).toBe(
      'Notice',
    );

    const tenant = await call(server, 'PUT', `/api/v1/info/${id}`, {
      token: acmeAdmin,
      site: 'acme',
      body: { id, ...page, translations: { fr: { title: 'Piraté' } } },
    });
    expect(tenant.status).toBe(403);
    expect(
      (await call(server, 'GET', '/api/v1/public/info/legal/notice')).json.translations,
    ).toEqual(french);
  });

  it("answers a help article's translations in the help panel", async () => {
    const created = await call(server, 'POST', '/api/v1/helpsections', {
      token: root,
      body: {
        title: 'Translating titles',
        body: 'Open **Translations**.',
        group: 'Dashboards',
        sections: ['dashboards'],
        sortOrder: 5,
        published: true,
        translations: { de: { title: 'Titel übersetzen' } },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const viewer = await server.sessionFor('acme', 'viewer');
    const help = await call(server, 'GET', '/api/v1/help?section=dashboards', {
      token: viewer,
      site: 'acme',
    });
    const article = (help.json.articles as { title: string; translations?: unknown }[]).find(
      (entry) => entry.title === 'Translating titles',
    );
    expect(article?.translations).toEqual({ de: { title: 'Titel übersetzen' } });
  });
});
