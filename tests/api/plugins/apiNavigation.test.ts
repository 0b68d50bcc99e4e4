import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

// A person navigating to an API address gets a page (or the matching section of the app),
// never raw JSON; programs that ask for JSON, or for nothing in particular, keep getting JSON.
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('API addresses opened in a browser', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, accept?: string) =>
    fetch(`${server.baseUrl}${path}`, {
      headers: accept ? { accept } : {},
      redirect: 'manual',
    });

  it('sends a section address to the same page of the web app', async () => {
    const answer = await get('/api/v1/dashboards/3', BROWSER_ACCEPT);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboards/3');
  });

  it('answers a small HTML page, not JSON, for an address with no page of its own', async () => {
    for (const path of ['/api/v1/companyProfile', '/api/v1/nothing-here', '/node/api/v1/x']) {
      const answer = await get(path, BROWSER_ACCEPT);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/html/);
      const body = await answer.text();
      expect(body).toContain('<a href="/">Open the app</a>');
      expect(body).not.toContain('"statusCode"');
      expect(body).not.toMatch(/brandboard/i);
    }
  });

  it('keeps answering JSON to programs (Accept: application/json, */* or none)', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const answer = await get('/api/v1/dashboards', accept);
      expect(answer.status, String(accept)).toBe(401);
      expect(answer.headers.get('content-type'), String(accept)).toMatch(/^application\/json/);
      expect((await answer.json()).statusCode).toBe(401);
    }
    const profile = await get('/api/v1/companyProfile', 'application/json');
    expect(profile.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('leaves writes alone: a POST that accepts text/html still answers JSON', async () => {
    const answer = await fetch(`${server.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { accept: BROWSER_ACCEPT, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password-1' }),
    });
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
