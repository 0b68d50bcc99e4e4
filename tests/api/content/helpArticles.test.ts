import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../../common/sections';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// Help articles: grouped and tagged with the sections they are about; GET /api/v1/help gives
// every signed-in user the published ones, by section and by search, for the help panel.

interface Article {
  id: number;
  title: string;
  group: string;
  sections: string[];
  published: boolean;
}

describe('help articles', () => {
  let server: PlatformServer;
  let root: string;
  let viewer: string;

  const help = async (query: string, token = viewer, site = 'acme') => {
    const answer = await call(server, 'GET', `/api/v1/help${query}`, { token, site });
    expect(answer.status).toBe(200);
    return (answer.json as { articles: Article[] }).articles;
  };

  beforeAll(async () => {
    server = await startPlatformServer();
    root = await server.sessionFor('www', 'admin');
    viewer = await server.sessionFor('acme', 'viewer');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds real help for every section of the product', async () => {
    const articles = await help('');
    const tagged = new Set(articles.flatMap((article) => article.sections));
    for (const section of SECTIONS) expect(tagged, section).toContain(section);
  });

  it('writes an article with its group and sections, and finds it by section and search', async () => {
    const created = await call(server, 'POST', '/api/v1/helpsections', {
      token: root,
      body: {
        title: 'Refreshing a dashboard',
        body: 'Choose an **auto-refresh** interval in the toolbar.',
        group: 'Dashboards',
        sections: ['dashboards', 'aicharts'],
        sortOrder: 50,
        published: true,
      },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      group: 'Dashboards',
      sections: ['dashboards', 'aicharts'],
    });

    const onDashboards = await help('?section=dashboards');
    expect(onDashboards.map((article) => article.title)).toContain('Refreshing a dashboard');
    expect(onDashboards.every((article) => article.sections.includes('dashboards'))).toBe(true);
    const onUsers = await help('?section=users');
    expect(onUsers.map((article) => article.title)).not.toContain('Refreshing a dashboard');

    const found = await help('?q=AUTO-REFRESH');
    expect(found.map((article) => article.title)).toEqual(['Refreshing a dashboard']);
    expect(await help('?q=100%25')).toEqual([]);
  });

  it('never gives drafts, and lists by group then order', async () => {
    await call(server, 'POST', '/api/v1/helpsections', {
      token: root,
      body: {
        title: 'Draft on charts',
        body: 'soon',
        sections: ['aicharts'],
        sortOrder: 1,
        published: false,
      },
    });
    const articles = await help('');
    expect(articles.map((article) => article.title)).not.toContain('Draft on charts');
    const groups = articles.map((article) => article.group);
    expect(groups).toEqual([...groups].sort());
  });

  it('answers 400 for an unknown section or parameter, 401 without a session', async () => {
    const unknownSection = await call(server, 'GET', '/api/v1/help?section=nowhere', {
      token: viewer,
      site: 'acme',
    });
    expect(unknownSection.status).toBe(400);
    expect((unknownSection.json as { message: string }).message).toContain('section');
    const extra = await call(server, 'GET', '/api/v1/help?sort=title', {
      token: viewer,
      site: 'acme',
    });
    expect(extra.status).toBe(400);
    expect((await call(server, 'GET', '/api/v1/help', { site: 'acme' })).status).toBe(401);
    expect((await help('', root, 'www')).length).toBeGreaterThan(0);
  });

  it('refuses a section that does not exist in an article', async () => {
    const answer = await call(server, 'POST', '/api/v1/helpsections', {
      token: root,
      body: { title: 'Bad', body: '', sections: ['nowhere'], sortOrder: 1, published: true },
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toContain('sections');
  });
});
