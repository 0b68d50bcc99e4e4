import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatedEmbedSecret } from '../../../common/api/embeds';
import { createDashboard, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';
import { HOUR, signEmbedAt, startEmbedServer, type EmbedServer } from '../embeds/embedFixture';

// An embed token's 24-hour cap was measured from now, so a token
// with a far `exp` was refused today and worked in its last 24 hours. Now `iat` is required,
// at most a minute ahead of the server's clock, and `exp - iat` at most 24 hours. The server's
// clock (Date, in this process) is frozen at NOW; each token carries explicit times.

const NOW = Date.parse('2031-03-04T05:06:07Z') / 1000;

let embed: EmbedServer;
let ctx: ChartsServer;
let dashboardId: number;
let acmeSecret: CreatedEmbedSecret;

beforeAll(async () => {
  embed = await startEmbedServer();
  ({ ctx, acmeSecret } = embed);
  dashboardId = (await createDashboard(ctx.base, ctx.acme, [embed.chartId], 'Embedded')).id;
});
afterAll(async () => {
  await embed?.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The public dashboard API's answer to a token of the dashboard with these times. */
async function open(times: { iat?: number; exp: number }) {
  const token = await signEmbedAt(acmeSecret, { dashboardId }, times);
  const headers = { site: 'acme', authorization: `Bearer ${token}` };
  return api(ctx.base, null, 'GET', `/api/v1/share/dashboards/${dashboardId}`, undefined, headers);
}

function refusedSaying(message: string) {
  return {
    status: 404,
    body: { statusCode: 404, error: 'Not Found', reason: 'invalid', message },
  };
}

describe('embed token lifetime', () => {
  it('refuses a token without iat, saying so', async () => {
    expect(await open({ exp: NOW + HOUR })).toMatchObject(
      refusedSaying('This embed token is not valid: iat: is required.'),
    );
  });

  it('refuses a token issued two minutes ahead of the clock', async () => {
    expect(await open({ iat: NOW + 120, exp: NOW + HOUR })).toMatchObject(
      refusedSaying(
        "This embed token is not valid: iat: in the future (at most a minute ahead of the server's clock).",
      ),
    );
  });

  it('accepts a token issued 30 seconds ahead (clock skew)', async () => {
    expect((await open({ iat: NOW + 30, exp: NOW + HOUR })).status).toBe(200);
  });

  it('refuses 25 hours from iat to exp even when exp is within 24 hours of now', async () => {
    expect(await open({ iat: NOW - 2 * HOUR, exp: NOW + 23 * HOUR })).toMatchObject(
      refusedSaying('This embed token is not valid: exp: at most 24 hours after iat.'),
    );
  });

  it('accepts a token living exactly 24 hours', async () => {
    expect((await open({ iat: NOW, exp: NOW + 24 * HOUR })).status).toBe(200);
  });
});
