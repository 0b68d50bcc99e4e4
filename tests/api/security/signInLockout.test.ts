import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, TEST_PASSWORD, type TestServer } from '../harness';
import { rawCall } from '../support/rawHttp';

// The lock-out: five wrong passwords used to lock any user, the admin
// included, out for 15 minutes, the right password refused too. Now the attacker's address
// backs off (1 s, 2 s, 4 s …) while the owner signing in from another address gets in. The
// client addresses are real: the test's sockets leave from 127.0.0.x (all of 127/8 is this
// machine), or, for many addresses, through X-Forwarded-For, which the server honours from
// 127.0.0.1 only (TRUST_PROXY).

const WRONG = 'not-the-password-1';

describe('sign-in lock-out', () => {
  let server: TestServer;

  // The server's clock is faked (only Date: timers and I/O run as usual, and it goes on
  // ticking), so a lock's end is reached by moving the clock, not by waiting for it.
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await server?.close();
    vi.useRealTimers();
  });
  const passSeconds = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  const signIn = (site: string, username: string, password: string, from?: string, xff?: string) =>
    rawCall(server.baseUrl, 'POST', '/api/v1/login', {
      headers: { site, ...(xff ? { 'x-forwarded-for': xff } : {}) },
      body: { username, password },
      from,
    });

  it.each([
    ['acme', 'admin'],
    ['www', 'admin'],
  ])('locks the attacker address out of %s/%s, not the owner at another', async (site, user) => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn(site, user, WRONG, '127.0.0.2')).status).toBe(401);
    }
    const attacker = await signIn(site, user, TEST_PASSWORD, '127.0.0.2');
    expect(attacker.status).toBe(429);
    expect(attacker.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(attacker.json).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    const owner = await signIn(site, user, TEST_PASSWORD, '127.0.0.1');
    expect(owner.status).toBe(200);
    const session = await rawCall(server.baseUrl, 'GET', '/api/v1/verifyLogin', {
      headers: { site, authorization: `Bearer ${owner.json.token}` },
    });
    expect(session.status).toBe(200);
  });

  it('backs off exponentially and lets the right password in once the lock ends', async () => {
    const from = '127.0.0.3';
    for (let i = 0; i < 5; i++) await signIn('acme', 'editor', WRONG, from);
    const waits: number[] = [];
    for (let round = 0; round < 2; round++) {
      const refused = await signIn('acme', 'editor', WRONG, from);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      passSeconds(wait);
      expect((await signIn('acme', 'editor', WRONG, from)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2]);
    const locked = await signIn('acme', 'editor', TEST_PASSWORD, from);
    expect(locked).toMatchObject({ status: 429, headers: { 'retry-after': '4' } });
    passSeconds(4);
    expect((await signIn('acme', 'editor', TEST_PASSWORD, from)).status).toBe(200);
  });

  it('slows an address spraying user names, not the others', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await signIn('acme', `ghost${i}`, WRONG, '127.0.0.4')).status).toBe(401);
    }
    expect((await signIn('acme', 'viewer', TEST_PASSWORD, '127.0.0.4')).status).toBe(429);
    expect((await signIn('acme', 'viewer', TEST_PASSWORD, '127.0.0.5')).status).toBe(200);
  });

  it('still slows an attacker who rotates addresses, past a much higher ceiling', async () => {
    for (let i = 0; i < 100; i++) {
      const answer = await signIn('acme', 'viewer', WRONG, undefined, `203.0.113.${i}`);
      expect(answer.status).toBe(401);
    }
    const next = await signIn('acme', 'viewer', WRONG, undefined, '198.51.100.7');
    expect(next.status).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // The server still serves everyone else.
    expect((await signIn('acme', 'admin', TEST_PASSWORD, '127.0.0.6')).status).toBe(200);
  });
});
