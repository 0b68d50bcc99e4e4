import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAnswerCache } from '../../../server/http/listAnswerCache';
import { BACKENDS } from '../authFixtures';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// Whole list answers are kept while the metadata store is unchanged
// (server/http/listAnswerCache.ts): every way the users can change must show in the next
// list, and one user's answer must never reach another.

const PAGE = '/api/v1/users?sort=["username","ASC"]&range=[0,24]&filter={}';

interface Listed {
  username: string;
  fullName: string;
}

async function usernames(server: TestServer, session: Session): Promise<string[]> {
  const answer = await api(server.baseUrl, session, 'GET', PAGE);
  expect(answer.status).toBe(200);
  return (answer.body as Listed[]).map((user) => user.username);
}

describe('ListAnswerCache', () => {
  it('answers what it kept while the generation holds, and forgets it after', () => {
    let generation = 1;
    const cache = new ListAnswerCache(() => generation);
    const answer = { body: '[]', contentRange: 'users */0', total: '0' };
    cache.keep('a', 1, answer);
    expect(cache.get('a')).toMatchObject(answer);
    expect(cache.get('b')).toBeUndefined();
    generation = 2;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep an answer read before the data changed', () => {
    let generation = 1;
    const cache = new ListAnswerCache(() => generation);
    const readAt = generation;
    generation = 2; // a write landed while the page was being read
    cache.keep('a', readAt, { body: '[]', contentRange: 'users */0', total: '0' });
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing inside a transaction (a NaN generation)', () => {
    const cache = new ListAnswerCache(() => NaN);
    cache.keep('a', NaN, { body: '[]', contentRange: 'users */0', total: '0' });
    expect(cache.get('a')).toBeUndefined();
  });
});

describe.each(BACKENDS)('list answers on %s', (backend) => {
  let server: TestServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startServer({ backend });
    admin = await login(server.baseUrl, 'acme', 'admin');
  });
  afterAll(async () => server?.close());

  it('answers a repeated page with the same rows and headers', async () => {
    const first = await api(server.baseUrl, admin, 'GET', PAGE);
    const second = await api(server.baseUrl, admin, 'GET', PAGE);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-range')).toBe(first.headers.get('content-range'));
    expect(second.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('shows a user created, changed and deleted through the API in the next page', async () => {
    expect(await usernames(server, admin)).not.toContain('cache.probe');
    const created = await api(server.baseUrl, admin, 'POST', '/api/v1/users', {
      username: 'cache.probe',
      fullName: 'Cache Probe',
      email: 'cache.probe@acme.example',
      role: 'viewer',
      password: 'cache-probe-password-1',
    });
    expect(created.status).toBe(200);
    const id = (created.body as { id: number }).id;
    expect(await usernames(server, admin)).toContain('cache.probe');

    await api(server.baseUrl, admin, 'PUT', `/api/v1/users/${id}`, { fullName: 'Renamed Probe' });
    const page = await api(server.baseUrl, admin, 'GET', PAGE);
    const probe = (page.body as Listed[]).find((user) => user.username === 'cache.probe');
    expect(probe?.fullName).toBe('Renamed Probe');

    await api(server.baseUrl, admin, 'DELETE', `/api/v1/users/${id}`);
    expect(await usernames(server, admin)).not.toContain('cache.probe');
  });

  it("never hands one user's answer to another asking the same address", async () => {
    const platformAdmin = await login(server.baseUrl, 'www', 'admin');
    const sites = async (session: Session) => {
      const answer = await api(server.baseUrl, session, 'GET', PAGE);
      return new Set((answer.body as { site: string }[]).map((user) => user.site));
    };
    expect(await sites(admin)).toEqual(new Set(['acme']));
    // the platform administrator reads every account's users at the same address
    expect(await sites(platformAdmin)).toEqual(new Set(['acme', 'www']));
    expect(await sites(admin)).toEqual(new Set(['acme']));
  });
});

describe('list answers on sqlite, changed by another process', () => {
  let server: TestServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startServer({ backend: 'sqlite' });
    admin = await login(server.baseUrl, 'acme', 'admin');
  });
  afterAll(async () => server?.close());

  it('shows a change committed by another process', async () => {
    expect(await usernames(server, admin)).toContain('viewer');
    const elsewhere = new SQLite(join(server.config.dataDir, 'brandboard.sqlite'));
    try {
      elsewhere
        .prepare("update users set username = 'viewer.renamed' where username = 'viewer'")
        .run();
    } finally {
      elsewhere.close();
    }
    const after = await usernames(server, admin);
    expect(after).toContain('viewer.renamed');
    expect(after).not.toContain('viewer');
  });
});
