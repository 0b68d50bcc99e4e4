import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, injectAs, type TestServer } from '../harness';

// The harness's in-process call: a user's session and site header, or none.

describe('injectAs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('answers as the user given, and 401 without one', async () => {
    const me = await injectAs(
      server,
      { site: 'acme', username: 'viewer' },
      {
        method: 'GET',
        url: '/api/v1/me',
      },
    );
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'viewer', site: 'acme' });
    const anonymous = await injectAs(server, null, { method: 'GET', url: '/api/v1/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(server.requests.map((request) => request.path)).toEqual(['/api/v1/me', '/api/v1/me']);
  });
});
