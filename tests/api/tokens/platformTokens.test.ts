import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// API tokens of a tenant: answered once, stored hashed, usable as a bearer on their own site
// only, invisible to other accounts, revoked by delete.

describe('API tokens', () => {
  let server: PlatformServer;
  let acmeAdmin: string;
  let globexAdmin: string;

  beforeAll(async () => {
    server = await startPlatformServer();
    await server.addAccount('globex', { boss: 'admin' });
    acmeAdmin = await server.sessionFor('acme', 'admin');
    globexAdmin = await server.sessionFor('globex', 'boss');
  });
  afterAll(() => server?.close());

  const acme = (token: string) => ({ token, site: 'acme' });

  it('creates a token shown once, which then authenticates and is revoked on delete', async () => {
    const created = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(acmeAdmin),
      body: { label: 'CI export', expiresInDays: 30 },
    });
    expect(created.status).toBe(200);
    const { id, token } = created.json;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(created.json).toMatchObject({ label: 'CI export', revoked: false, lastUsedAt: null });
    const days = (Date.parse(created.json.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const stored = await server.app.db
      .selectFrom('sessions')
      .select(['token_hash', 'kind'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('api');
    expect(stored.token_hash).not.toBe(token);

    const shown = await call(server, 'GET', `/api/v1/tokens/${id}`, acme(acmeAdmin));
    expect(shown.json.token).toBeUndefined();
    const list = await call(server, 'GET', '/api/v1/tokens', acme(acmeAdmin));
    expect(list.json.map((t: { id: number }) => t.id)).toContain(id);
    expect(JSON.stringify(list.json)).not.toContain(token);

    const withApiToken = await call(server, 'GET', '/api/v1/tokens', acme(token));
    expect(withApiToken.status).toBe(200);
    const onOtherSite = await call(server, 'GET', '/api/v1/tokens', { token, site: 'globex' });
    expect(onOtherSite.status).toBe(403);

    const revoked = await call(server, 'DELETE', `/api/v1/tokens/${id}`, acme(acmeAdmin));
    expect(revoked.json).toMatchObject({ id, revoked: true });
    expect((await call(server, 'GET', '/api/v1/tokens', acme(token))).status).toBe(401);
  });

  it('answers 404 for a token of another account and leaves it alive', async () => {
    const created = await call(server, 'POST', '/api/v1/tokens', {
      ...acme(acmeAdmin),
      body: { label: 'Nightly' },
    });
    const { id, token } = created.json;
    const globex = { token: globexAdmin, site: 'globex' };
    expect((await call(server, 'GET', `/api/v1/tokens/${id}`, globex)).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/v1/tokens/${id}`, globex)).status).toBe(404);
    const globexList = await call(server, 'GET', '/api/v1/tokens', globex);
    expect(globexList.json.map((t: { id: number }) => t.id)).not.toContain(id);
    expect((await call(server, 'GET', '/api/v1/tokens', acme(token))).status).toBe(200);
  });

  it('keeps tokens to tenant admins and rejects bad payloads without writing', async () => {
    const viewer = await server.sessionFor('acme', 'viewer');
    expect((await call(server, 'GET', '/api/v1/tokens', acme(viewer))).status).toBe(403);
    expect(
      (await call(server, 'POST', '/api/v1/tokens', { ...acme(viewer), body: { label: 'x' } }))
        .status,
    ).toBe(403);
    expect((await call(server, 'GET', '/api/v1/tokens')).status).toBe(401);

    const count = async () =>
      (await call(server, 'GET', '/api/v1/tokens', acme(acmeAdmin))).headers.get('x-total-count');
    const before = await count();
    const bad: [string, Parameters<typeof call>[3], number][] = [
      ['malformed', { rawBody: '{label:' }, 400],
      ['missing label', { body: {} }, 400],
      ['wrong type', { body: { label: 'x', expiresInDays: '30' } }, 400],
      ['too long', { body: { label: 'x', expiresInDays: 10_000 } }, 400],
      ['unknown field', { body: { label: 'x', scope: 'all' } }, 400],
      ['oversize', { body: { label: 'x'.repeat(20_000) } }, 413],
    ];
    for (const [name, options, status] of bad) {
      const answer = await call(server, 'POST', '/api/v1/tokens', {
        ...acme(acmeAdmin),
        ...options,
      });
      expect(answer.status, name).toBe(status);
    }
    expect(await count()).toBe(before);
  });
});
