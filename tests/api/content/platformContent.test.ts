import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from '../../../server/seed/helpArticles';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// Platform content over HTTP: seeded content, publishing rules of info pages and messages,
// strict payloads, section checks, and help sections readable by every signed-in user.

describe('platform content', () => {
  let server: PlatformServer;
  let root: string;
  let acmeViewer: string;

  beforeAll(async () => {
    server = await startPlatformServer();
    root = await server.sessionFor('www', 'admin');
    acmeViewer = await server.sessionFor('acme', 'viewer');
  });
  afterAll(() => server?.close());

  it('seeds plans, info pages, help sections and an announcement on first start', async () => {
    const info = await call(server, 'GET', '/api/v1/public/info');
    expect(info.json.map((page: { slug: string }) => page.slug).sort()).toEqual([
      'about',
      'privacy',
      'terms',
    ]);
    const announcement = await call(server, 'GET', '/api/v1/public/messages/announcement');
    expect(announcement.json).toMatchObject({
      type: 'announcement',
      title: 'Share dashboards by link',
    });
    const help = await call(server, 'GET', '/api/v1/helpsections', { token: root });
    expect(help.json).toHaveLength(HELP_ARTICLES.length);
    for (const article of help.json as { sections: string[]; group: string }[]) {
      expect(article.sections.length).toBeGreaterThan(0);
      expect(article.group).not.toBe('');
    }
  });

  it('seeds nothing a tenant sees that names the product, and no plan feature beyond its limits', async () => {
    const pages = await call(server, 'GET', '/api/v1/public/info');
    for (const { slug } of pages.json as { slug: string }[]) {
      const page = await call(server, 'GET', `/api/v1/public/info/${slug}`);
      expect(JSON.stringify(page.json), slug).not.toMatch(/brandboard/i);
    }
    const help = await call(server, 'GET', '/api/v1/helpsections?range=[0,99]', {
      token: acmeViewer,
      site: 'acme',
    });
    expect(help.json.length).toBeGreaterThan(0);
    expect(JSON.stringify(help.json)).not.toMatch(/brandboard/i);
    const announcement = await call(server, 'GET', '/api/v1/public/messages/announcement');
    expect(JSON.stringify(announcement.json)).not.toMatch(/brandboard/i);
    const plans = await call(server, 'GET', '/api/v1/public/pricingPlans');
    for (const plan of plans.json as { features: string[] }[]) expect(plan.features).toEqual([]);
  });

  it('shows an info page publicly only once it is published, body kept as written', async () => {
    const body = '# Imprint\n\n<script>alert(1)</script>';
    const created = await call(server, 'POST', '/api/v1/info', {
      token: root,
      body: { slug: 'legal/imprint', title: 'Imprint', body, published: false },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ slug: 'legal/imprint', published: false });
    expect((await call(server, 'GET', '/api/v1/public/info/legal/imprint')).status).toBe(404);

    const published = await call(server, 'PUT', `/api/v1/info/${created.json.id}`, {
      token: root,
      body: { id: created.json.id, slug: 'legal/imprint', title: 'Imprint', body, published: true },
    });
    expect(published.json.published).toBe(true);
    const page = await call(server, 'GET', '/api/v1/public/info/legal/imprint');
    expect(page.json).toEqual({ slug: 'legal/imprint', title: 'Imprint', body });
  });

  it('refuses a second page with the same slug (409 naming slug)', async () => {
    const duplicate = await call(server, 'POST', '/api/v1/info', {
      token: root,
      body: { slug: 'about', title: 'Another about', body: '', published: true },
    });
    expect(duplicate).toMatchObject({ status: 409, json: { field: 'slug' } });
  });

  it('answers the newest published message of a type, and by id only when published', async () => {
    const hidden = await call(server, 'POST', '/api/v1/messages', {
      token: root,
      body: { type: 'maintenance', title: 'Draft', body: 'Not yet', published: false },
    });
    expect((await call(server, 'GET', '/api/v1/public/messages/maintenance')).status).toBe(404);
    expect(
      (await call(server, 'GET', `/api/v1/public/messages/maintenance/${hidden.json.id}`)).status,
    ).toBe(404);
    const shown = await call(server, 'POST', '/api/v1/messages', {
      token: root,
      body: { type: 'maintenance', title: 'Sunday', body: 'Down at **noon**', published: true },
    });
    expect((await call(server, 'GET', '/api/v1/public/messages/maintenance')).json).toEqual({
      type: 'maintenance',
      title: 'Sunday',
      body: 'Down at **noon**',
    });
    expect(
      (await call(server, 'GET', `/api/v1/public/messages/announcement/${shown.json.id}`)).status,
    ).toBe(404);
  });

  it('lists pricing plans in the simple-rest contract and validates plan payloads', async () => {
    const list = await call(server, 'GET', '/api/v1/pricing?sort=["sortOrder","ASC"]&range=[0,1]', {
      token: root,
    });
    expect(list.headers.get('content-range')).toBe('pricing 0-1/3');
    expect(list.json.map((plan: { name: string }) => plan.name)).toEqual(['Free', 'Team']);
    const plan = {
      name: 'Enterprise',
      priceMonthly: 99900,
      currency: 'EUR',
      features: ['Everything'],
      highlighted: false,
      active: false,
      sortOrder: 9,
    };
    const before = (await call(server, 'GET', '/api/v1/pricing', { token: root })).json.length;
    const bad: [string, unknown, string][] = [
      ['currency', { ...plan, currency: 'euro' }, 'currency'],
      ['price type', { ...plan, priceMonthly: '999' }, 'priceMonthly'],
      ['negative price', { ...plan, priceMonthly: -1 }, 'priceMonthly'],
      ['missing name', { ...plan, name: undefined }, 'name'],
      ['unknown field', { ...plan, discount: 10 }, 'discount'],
    ];
    for (const [name, body, field] of bad) {
      const answer = await call(server, 'POST', '/api/v1/pricing', { token: root, body });
      expect(answer.status, name).toBe(400);
      expect(answer.json.field, name).toBe(field);
    }
    const malformed = await call(server, 'POST', '/api/v1/pricing', {
      token: root,
      rawBody: '{"a"',
    });
    expect(malformed.status).toBe(400);
    const sortUnknown = await call(server, 'GET', '/api/v1/pricing?sort=["secret","ASC"]', {
      token: root,
    });
    expect(sortUnknown.status).toBe(400);
    expect((await call(server, 'GET', '/api/v1/pricing', { token: root })).json).toHaveLength(
      before,
    );

    const created = await call(server, 'POST', '/api/v1/pricing', { token: root, body: plan });
    expect(created.json).toMatchObject(plan);
    const publicPlans = await call(server, 'GET', '/api/v1/public/pricingPlans');
    expect(publicPlans.json.map((p: { name: string }) => p.name)).not.toContain('Enterprise');
    const removed = await call(server, 'DELETE', `/api/v1/pricing/${created.json.id}`, {
      token: root,
    });
    expect(removed.json.id).toBe(created.json.id);
    expect(
      (await call(server, 'GET', `/api/v1/pricing/${created.json.id}`, { token: root })).status,
    ).toBe(404);
  });

  it('keeps content sections to the platform admin', async () => {
    const acmeAdmin = await server.sessionFor('acme', 'admin');
    for (const resource of ['pricing', 'info']) {
      expect((await call(server, 'GET', `/api/v1/${resource}`)).status, resource).toBe(401);
      const asTenant = await call(server, 'GET', `/api/v1/${resource}`, {
        token: acmeAdmin,
        site: 'acme',
      });
      expect(asTenant.status, resource).toBe(403);
    }
    const write = await call(server, 'POST', '/api/v1/helpsections', {
      token: acmeAdmin,
      site: 'acme',
      body: { title: 'Mine', body: '', sortOrder: 1, published: true },
    });
    expect(write.status).toBe(403);
  });

  it('lets every signed-in user read the published announcements only, never write them', async () => {
    const draft = await call(server, 'POST', '/api/v1/messages', {
      token: root,
      body: { type: 'announcement', title: 'Draft news', body: 'soon', published: false },
    });
    expect(draft.status).toBe(200);
    const asViewer = await call(server, 'GET', '/api/v1/messages', {
      token: acmeViewer,
      site: 'acme',
    });
    expect(asViewer.status).toBe(200);
    const titles = asViewer.json.map((m: { title: string }) => m.title);
    expect(titles).not.toContain('Draft news');
    expect(asViewer.json.every((m: { published: boolean }) => m.published)).toBe(true);
    const hidden = await call(server, 'GET', `/api/v1/messages/${draft.json.id}`, {
      token: acmeViewer,
      site: 'acme',
    });
    expect(hidden.status).toBe(404);
    const write = await call(server, 'POST', '/api/v1/messages', {
      token: acmeViewer,
      site: 'acme',
      body: { type: 'announcement', title: 'Mine', body: '', published: true },
    });
    expect(write.status).toBe(403);
  });

  it('lets every signed-in user read the published help sections only', async () => {
    const draft = await call(server, 'POST', '/api/v1/helpsections', {
      token: root,
      body: { title: 'Draft help', body: 'soon', sortOrder: 10, published: false },
    });
    expect(draft.status).toBe(200);
    const asViewer = await call(server, 'GET', '/api/v1/helpsections', {
      token: acmeViewer,
      site: 'acme',
    });
    expect(asViewer.status).toBe(200);
    expect(asViewer.json.map((s: { title: string }) => s.title)).not.toContain('Draft help');
    expect(asViewer.json.length).toBeGreaterThan(0);
    expect(
      (
        await call(server, 'GET', `/api/v1/helpsections/${draft.json.id}`, {
          token: acmeViewer,
          site: 'acme',
        })
      ).status,
    ).toBe(404);
    const asRoot = await call(server, 'GET', '/api/v1/helpsections', { token: root });
    expect(asRoot.json.map((s: { title: string }) => s.title)).toContain('Draft help');
  });
});
