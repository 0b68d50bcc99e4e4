import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../harness';
import { createChart, dashboardBody, startChartsServer, type ChartsServer } from '../chartsHarness';
import { rawCall, type RawAnswer } from '../support/rawHttp';

// Rate limits per client address on the public token look-ups (489 wrong
// share tokens in 5 s got no 429). Each address is a real one: the test's sockets leave from
// 127.0.0.x. Past the limit: 429, Retry-After and the usual error body; other addresses and
// the valid links they hold keep working.

const wrongToken = () => randomBytes(32).toString('base64url');

function expectRateLimited(answer: RawAnswer) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(answer.json).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
  });
}

describe('share-link look-ups', () => {
  let ctx: ChartsServer;
  let dashboardId: number;
  let token: string;

  beforeAll(async () => {
    ctx = await startChartsServer();
    const chart = await createChart(ctx.base, ctx.acme, 'Shared chart');
    const dashboard = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      '/api/v1/dashboards',
      dashboardBody([chart.id], 'Shared'),
    );
    dashboardId = (dashboard.body as { id: number }).id;
    const link = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboardId}/shareLinks`,
      { label: 'Board' },
    );
    token = (link.body as { token: string }).token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const openShared = (bearer: string, from: string) =>
    rawCall(ctx.base, 'GET', `/api/v1/share/dashboards/${dashboardId}`, {
      headers: { site: 'acme', authorization: `Bearer ${bearer}` },
      from,
    });

  it('answers 429 to 489 wrong tokens from one address once past 120 a minute', async () => {
    const statuses: number[] = [];
    let last: RawAnswer | undefined;
    for (let i = 0; i < 489; i++) {
      last = await openShared(wrongToken(), '127.0.0.2');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
    expectRateLimited(last!);
    // The right token from the limited address waits too; the chart query route counts apart.
    expect((await openShared(token, '127.0.0.2')).status).toBe(429);
    const chartQuery = await rawCall(
      ctx.base,
      'POST',
      `/api/v1/share/dashboards/${dashboardId}/query`,
      {
        headers: { site: 'acme', authorization: `Bearer ${wrongToken()}` },
        body: { chartId: 1 },
        from: '127.0.0.2',
      },
    );
    expect(chartQuery.status).toBe(404);
  });

  it('still opens a valid share link from another address', async () => {
    const shared = await openShared(token, '127.0.0.3');
    expect(shared.status).toBe(200);
    expect(shared.json).toMatchObject({ dashboard: { id: dashboardId } });
  });
});

describe('one-time token look-ups and password reset', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const lookUp = (from: string) =>
    rawCall(server.baseUrl, 'GET', `/api/v1/public/invitations/${wrongToken()}`, { from });

  it('share one budget of 20 a minute per address across the token routes', async () => {
    for (let i = 0; i < 10; i++) expect((await lookUp('127.0.0.4')).status).toBe(404);
    for (let i = 0; i < 5; i++) {
      const pricing = await rawCall(
        server.baseUrl,
        'GET',
        `/api/v1/public/registrations/${wrongToken()}`,
        { from: '127.0.0.4' },
      );
      expect(pricing.status).toBe(404);
    }
    for (let i = 0; i < 5; i++) {
      const set = await rawCall(server.baseUrl, 'POST', '/api/v1/createPassword', {
        body: { invitation: wrongToken(), password: 'a long enough password' },
        from: '127.0.0.4',
      });
      expect(set.status).toBe(404);
    }
    expectRateLimited(await lookUp('127.0.0.4'));
    for (const [method, path, body] of [
      ['POST', '/api/v1/passwordReset', { username: 'admin' }],
      ['POST', '/api/v1/verifyAndRedirectAccount', undefined],
      ['POST', '/node/api/v1/accountRegistrations', { plan: 1, registrationToken: wrongToken() }],
      [
        'POST',
        '/api/v1/register',
        {
          companyName: 'Spam',
          site: 'spam',
          fullName: 'S',
          email: 'a@b.example',
          username: 'spam',
        },
      ],
    ] as const) {
      const answer = await rawCall(server.baseUrl, method, path, {
        headers: { site: 'acme', authorization: `Bearer ${wrongToken()}` },
        body,
        from: '127.0.0.4',
      });
      expectRateLimited(answer);
    }
    expect((await lookUp('127.0.0.5')).status).toBe(404);
  });
});

describe('the limits are configurable', () => {
  it('RATE_LIMIT_TOKENS_PER_MINUTE sets the budget (and 0 turns it off)', async () => {
    const server = await startServer({ env: { RATE_LIMIT_TOKENS_PER_MINUTE: '3' } });
    const off = await startServer({ env: { RATE_LIMIT_TOKENS_PER_MINUTE: '0' } });
    try {
      const lookUp = (base: string) =>
        rawCall(base, 'GET', `/api/v1/public/invitations/${wrongToken()}`, {});
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await lookUp(server.baseUrl)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      for (let i = 0; i < 30; i++) expect((await lookUp(off.baseUrl)).status).toBe(404);
    } finally {
      await server.close();
      await off.close();
    }
  });
});
