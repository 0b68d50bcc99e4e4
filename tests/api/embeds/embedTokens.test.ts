import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import type { CreatedEmbedSecret, EmbedClaims } from '../../../common/api/embeds';
import { createDashboard, type ChartsServer } from '../chartsHarness';
import { api, type Session } from '../harness';
import {
  HOUR,
  makeSecret as makeEmbedSecret,
  now,
  signEmbed,
  startEmbedServer,
  type EmbedServer,
} from './embedFixture';

// Embed tokens as the bearer of the public dashboard API: HS256 JWTs signed with one of the
// tenant's live embedding secrets, for one dashboard, carrying the viewer's attributes (fed to
// the row policies) and locked filters. Every way a token can be wrong answers the message
// page's reason, never data; the page is framed only by the token's origins.

let embed: EmbedServer;
let ctx: ChartsServer;
let dashboard: Dashboard;
let other: Dashboard;
let chartId: number;
let acmeSecret: CreatedEmbedSecret;
let globexSecret: CreatedEmbedSecret;

const makeSecret = (admin: Session, label: string) => makeEmbedSecret(ctx, admin, label);

/** A token of the dashboard unless `claims` say otherwise. */
const sign = (
  secret: Pick<CreatedEmbedSecret, 'secret' | 'keyId'>,
  claims: Partial<EmbedClaims> = {},
) => signEmbed(secret, { dashboardId: dashboard.id, ...claims });

function embedCall(path: string, token: string, body?: unknown, site = 'acme') {
  const headers = { site, authorization: `Bearer ${token}` };
  const method = body === undefined ? 'GET' : 'POST';
  return api(ctx.base, null, method, `/api/v1/share/dashboards/${path}`, body, headers);
}

async function refusal(token: string, dashboardId = dashboard.id, site = 'acme') {
  const answer = await embedCall(String(dashboardId), token, undefined, site);
  expect(answer.status).toBe(404);
  expect(JSON.stringify(answer.body)).not.toContain('North');
  return (answer.body as { reason: string }).reason;
}

async function chartRows(token: string, filters: object[] = []) {
  const answer = await embedCall(`${dashboard.id}/query`, token, { chartId, filters });
  expect(answer.status).toBe(200);
  return (answer.body as { rows: unknown[][] }).rows;
}

beforeAll(async () => {
  embed = await startEmbedServer();
  ({ ctx, chartId, acmeSecret, globexSecret } = embed);
  dashboard = await createDashboard(ctx.base, ctx.acme, [chartId], 'Embedded');
  other = await createDashboard(ctx.base, ctx.acme, [chartId], 'Not embedded');
});
afterAll(async () => {
  await embed?.close();
});

describe('embed tokens', () => {
  it('opens the dashboard with the rows of the attributes it carries', async () => {
    const north = await sign(acmeSecret, { attributes: { regions: ['North'] } });
    const opened = await embedCall(String(dashboard.id), north);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ dashboard: { id: dashboard.id, name: 'Embedded' } });
    expect(await chartRows(north)).toEqual([['North', 30]]);
    const southEast = await sign(acmeSecret, { attributes: { regions: ['South', 'East'] } });
    expect((await chartRows(southEast)).map(([region]) => region).sort()).toEqual([
      'East',
      'South',
    ]);
    // Without attributes the policy matches nothing: no rows, never all rows.
    expect(await chartRows(await sign(acmeSecret))).toEqual([]);
  });

  it('keeps a locked filter whatever the viewer sends, and fixes filters it does not let change', async () => {
    const token = await sign(acmeSecret, {
      attributes: { regions: ['North', 'South', 'East'] },
      lockedFilters: [{ filterId: 'region', value: ['South'] }],
    });
    expect(await chartRows(token, [{ filterId: 'region', value: ['North'] }])).toEqual([
      ['South', 45],
    ]);
    const values = await embedCall(`${dashboard.id}/filterValues`, token, { filterId: 'region' });
    expect(values.body).toEqual({ values: ['South'] });

    const onlyDays = await sign(acmeSecret, {
      attributes: { regions: ['North', 'South', 'East'] },
      editableFilters: ['day'],
    });
    const opened = await embedCall(String(dashboard.id), onlyDays);
    const filters = (opened.body as { dashboard: { filters: { id: string; frozen: boolean }[] } })
      .dashboard.filters;
    expect(filters.map(({ id, frozen }) => ({ id, frozen }))).toEqual([
      { id: 'day', frozen: false },
      { id: 'region', frozen: true },
    ]);
    expect(await chartRows(onlyDays, [{ filterId: 'region', value: ['North'] }])).toHaveLength(3);
  });

  it('refuses an expired token, one not yet valid, and one living past 24 hours', async () => {
    expect(await refusal(await sign(acmeSecret, { exp: now() - 60 }))).toBe('expired');
    const early = await new SignJWT({ dashboardId: dashboard.id })
      .setProtectedHeader({ alg: 'HS256', kid: acmeSecret.keyId })
      .setIssuedAt()
      .setNotBefore(now() + HOUR)
      .setExpirationTime(now() + 2 * HOUR)
      .sign(new TextEncoder().encode(acmeSecret.secret));
    expect(await refusal(early)).toBe('invalid');
    expect(await refusal(await sign(acmeSecret, { exp: now() + 25 * HOUR }))).toBe('invalid');
  });

  it('refuses a wrong signature, alg none, a tampered payload and a foreign tenant', async () => {
    const forged = await sign({ ...acmeSecret, secret: 'not-the-secret-at-all-not-at-all' });
    expect(await refusal(forged)).toBe('invalid');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ dashboardId: dashboard.id, exp: now() + HOUR }),
    ).toString('base64url');
    expect(await refusal(`${header}.${payload}.`)).toBe('invalid');
    const [head, , signature] = (await sign(acmeSecret)).split('.');
    const widened = Buffer.from(
      JSON.stringify({
        dashboardId: dashboard.id,
        attributes: { regions: ['North', 'South'] },
        exp: now() + HOUR,
      }),
    ).toString('base64url');
    expect(await refusal(`${head}.${widened}.${signature}`)).toBe('invalid');
    // Another tenant's secret, or acme's token on another tenant's site.
    expect(await refusal(await sign(globexSecret))).toBe('invalid');
    expect(await refusal(await sign(acmeSecret), dashboard.id, 'globex')).toBe('invalid');
  });

  it("refuses a token on another dashboard's address", async () => {
    expect(await refusal(await sign(acmeSecret), other.id)).toBe('invalid');
  });

  it('keeps several secrets alive while rotating, and refuses one revoked', async () => {
    const next = await makeSecret(ctx.acme.admin, 'Backend (next)');
    const before = await sign(acmeSecret, { attributes: { regions: ['North'] } });
    const after = await sign(next, { attributes: { regions: ['North'] } });
    expect(await chartRows(before)).toEqual([['North', 30]]);
    expect(await chartRows(after)).toEqual([['North', 30]]);
    const revoked = await api(
      ctx.base,
      ctx.acme.admin,
      'DELETE',
      `/api/v1/embedSecrets/${acmeSecret.id}`,
    );
    expect(revoked.status).toBe(200);
    expect(await refusal(before)).toBe('revoked');
    expect(await chartRows(after)).toEqual([['North', 30]]);
    const listed = await api(ctx.base, ctx.acme.admin, 'GET', '/api/v1/embedSecrets');
    expect(JSON.stringify(listed.body)).not.toContain(next.secret);
    acmeSecret = next;
  });

  it('keeps embedding secrets to admins', async () => {
    const byEditor = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/embedSecrets', {
      label: 'Mine',
    });
    expect(byEditor.status).toBe(403);
    const empty = await api(ctx.base, ctx.acme.admin, 'POST', '/api/v1/embedSecrets', {
      label: ' ',
    });
    expect(empty.status).toBe(400);
  });

  it("lets only the token's origins frame the page", async () => {
    const token = await sign(acmeSecret, { origins: ['https://app.example.com'] });
    const page = await api(ctx.base, null, 'GET', `/embed/dashboards/${token}`, undefined, {
      site: 'acme',
    });
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-ancestors https://app.example.com');
    expect(page.headers.get('x-frame-options')).toBeNull();

    const expired = await sign(acmeSecret, {
      origins: ['https://app.example.com'],
      exp: now() - 5,
    });
    const refused = await api(ctx.base, null, 'GET', `/embed/dashboards/${expired}`, undefined, {
      site: 'acme',
    });
    expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
