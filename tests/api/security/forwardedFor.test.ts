import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { rawCall } from '../support/rawHttp';

// With the old default TRUST_PROXY (loopback) any caller on this
// machine chose its client address with X-Forwarded-For, and rotating the header got a fresh
// share-link rate-limit budget per request. Now the header is read only from the proxies
// TRUST_PROXY names, none by default. The sockets leave from real addresses (127.0.0.x).

const LIMIT = 5;

/** A wrong share token's look-up from `from`, saying it was forwarded for `forwardedFor`. */
function lookUp(server: TestServer, from: string, forwardedFor: string) {
  const bearer = randomBytes(32).toString('base64url');
  return rawCall(server.baseUrl, 'GET', '/api/v1/share/dashboards/1', {
    headers: { site: 'acme', authorization: `Bearer ${bearer}`, 'x-forwarded-for': forwardedFor },
    from,
  });
}

/** The statuses of LIMIT + 1 look-ups from `from`, each forwarded for another address. */
async function rotatingStatuses(server: TestServer, from: string, network: string) {
  const statuses: number[] = [];
  for (let i = 1; i <= LIMIT + 1; i++)
    statuses.push((await lookUp(server, from, `${network}.${i}`)).status);
  return statuses;
}

const oneBudget = [...Array<number>(LIMIT).fill(404), 429];

describe('X-Forwarded-For on the default configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_SHARE_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(async () => server?.close());

  it('is ignored: a loopback caller rotating it shares one budget', async () => {
    expect(await rotatingStatuses(server, '127.0.0.1', '203.0.113')).toEqual(oneBudget);
  });
});

describe('X-Forwarded-For with TRUST_PROXY naming 127.0.0.1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      env: { RATE_LIMIT_SHARE_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => server?.close());

  it('is honoured from the named proxy: each forwarded address has its own budget', async () => {
    expect(await rotatingStatuses(server, '127.0.0.1', '198.51.100')).toEqual(
      Array<number>(LIMIT + 1).fill(404),
    );
    for (let i = 0; i < LIMIT; i++) {
      expect((await lookUp(server, '127.0.0.1', '192.0.2.7')).status).toBe(404);
    }
    expect((await lookUp(server, '127.0.0.1', '192.0.2.7')).status).toBe(429);
  });

  it('is ignored from another loopback address the operator did not name', async () => {
    expect(await rotatingStatuses(server, '127.0.0.2', '203.0.113')).toEqual(oneBudget);
  });
});
