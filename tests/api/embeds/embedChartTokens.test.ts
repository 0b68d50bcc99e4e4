import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEmbedSecret, EmbedClaims } from '../../../common/api/embeds';
import type { CreatedShareLink } from '../../../common/api/shares';
import type { Dashboard } from '../../../common/charts';
import { createChart, createDashboard, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';
import { HOUR, now, signEmbed, startEmbedServer, type EmbedServer } from './embedFixture';

// Embed tokens of one saved chart (`chartId`): the bearer of the public chart API
// (/api/v1/embed/charts/{id}), its attributes fed to the row policies and its locked values
// held on the chart's query. A chart token opens that chart only: another chart, a dashboard,
// another tenant, or a token that is expired, names both or neither is refused with the
// message page's reason (and what is wrong when its claims are), never data.

let embed: EmbedServer;
let ctx: ChartsServer;
let chartId: number;
let otherChartId: number;
let dashboard: Dashboard;
let acmeSecret: CreatedEmbedSecret;
let globexSecret: CreatedEmbedSecret;

const ALL_REGIONS = { regions: ['North', 'South', 'East'] };

/** A token of the chart unless `claims` say otherwise (`chartId: undefined` names none). */
const sign = (
  secret: Pick<CreatedEmbedSecret, 'secret' | 'keyId'>,
  claims: Partial<EmbedClaims> = {},
) => signEmbed(secret, { chartId, ...claims });

function chartCall(path: string, token: string, body?: unknown, site = 'acme') {
  const headers = { site, authorization: `Bearer ${token}` };
  const method = body === undefined ? 'GET' : 'POST';
  return api(ctx.base, null, method, `/api/v1/embed/charts/${path}`, body, headers);
}

async function rows(token: string) {
  const answer = await chartCall(`${chartId}/query`, token, {});
  expect(answer.status).toBe(200);
  return (answer.body as { rows: unknown[][] }).rows;
}

/** The refusal of `token` on the chart `id`: 404, no data, its reason and message. */
async function refusal(token: string, id = chartId, site = 'acme') {
  for (const [path, body] of [
    [String(id), undefined],
    [`${id}/query`, {}],
  ] as const) {
    const answer = await chartCall(path, token, body, site);
    expect(answer.status, path).toBe(404);
    expect(JSON.stringify(answer.body)).not.toMatch(/North|South|East|Sales/);
  }
  const answer = await chartCall(String(id), token, undefined, site);
  return answer.body as { reason: string; message: string };
}

beforeAll(async () => {
  embed = await startEmbedServer();
  ({ ctx, chartId, acmeSecret, globexSecret } = embed);
  otherChartId = (await createChart(ctx.base, ctx.acme, 'Also by region')).id;
  dashboard = await createDashboard(ctx.base, ctx.acme, [chartId], 'Embedded');
});
afterAll(async () => {
  await embed?.close();
});

describe('chart embed tokens', () => {
  it('opens the chart and answers the rows of the attributes it carries', async () => {
    const north = await sign(acmeSecret, { attributes: { regions: ['North'] } });
    const opened = await chartCall(String(chartId), north);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.body).toMatchObject({
      chart: { id: chartId, name: 'By region', spec: { type: 'column' } },
    });
    expect(opened.body).not.toHaveProperty('chart.createdAt');
    expect(await rows(north)).toEqual([['North', 30]]);
    const southEast = await sign(acmeSecret, { attributes: { regions: ['South', 'East'] } });
    expect(await rows(southEast)).toEqual([
      ['East', 7],
      ['South', 45],
    ]);
    // Without attributes the policy matches nothing: no rows, never all rows.
    expect(await rows(await sign(acmeSecret))).toEqual([]);
    const answer = await chartCall(`${chartId}/query`, north, {});
    expect(answer.body).not.toHaveProperty('sql');
  });

  it("holds locked values on the chart's query: a field's values, a date field's range", async () => {
    const south = await sign(acmeSecret, {
      attributes: ALL_REGIONS,
      lockedFilters: [{ filterId: 'region', value: ['South'] }],
    });
    expect(await rows(south)).toEqual([['South', 45]]);
    const january = await sign(acmeSecret, {
      attributes: ALL_REGIONS,
      lockedFilters: [{ filterId: 'day', value: ['2024-01-01', '2024-01-31'] }],
    });
    expect(await rows(january)).toEqual([
      ['North', 30],
      ['South', 5],
    ]);
    // The row policy still holds under a locked value that would widen it.
    const widened = await sign(acmeSecret, {
      attributes: { regions: ['East'] },
      lockedFilters: [{ filterId: 'region', value: ['North', 'East'] }],
    });
    expect(await rows(widened)).toEqual([['East', 7]]);
    const unknown = await sign(acmeSecret, {
      lockedFilters: [{ filterId: 'colour', value: ['red'] }],
    });
    expect(await refusal(unknown)).toMatchObject({
      reason: 'invalid',
      message: expect.stringContaining('no field "colour"'),
    });
  });

  it('refuses another chart, and a chart of another tenant', async () => {
    expect((await refusal(await sign(acmeSecret), otherChartId)).reason).toBe('invalid');
    const globexChart = await createChart(ctx.base, ctx.globex, 'Theirs');
    const foreign = await sign(acmeSecret, { chartId: globexChart.id });
    expect((await refusal(foreign, globexChart.id)).reason).toBe('invalid');
  });

  it('refuses a foreign tenant, an expired token and a tampered one', async () => {
    expect((await refusal(await sign(globexSecret))).reason).toBe('invalid');
    expect((await refusal(await sign(acmeSecret), chartId, 'globex')).reason).toBe('invalid');
    expect((await refusal(await sign(acmeSecret, { exp: now() - 60 }))).reason).toBe('expired');
    const [head, , signature] = (await sign(acmeSecret)).split('.');
    const widened = Buffer.from(
      JSON.stringify({ chartId, attributes: ALL_REGIONS, exp: now() + HOUR }),
    ).toString('base64url');
    expect((await refusal(`${head}.${widened}.${signature}`)).reason).toBe('invalid');
  });

  it('refuses a token naming both a dashboard and a chart, or neither, saying so', async () => {
    const both = await sign(acmeSecret, { dashboardId: dashboard.id });
    expect(await refusal(both)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      reason: 'invalid',
      message: 'This embed token is not valid: give dashboardId or chartId, not both.',
    });
    const onDashboard = await api(
      ctx.base,
      null,
      'GET',
      `/api/v1/share/dashboards/${dashboard.id}`,
      undefined,
      { site: 'acme', authorization: `Bearer ${both}` },
    );
    expect(onDashboard.status).toBe(404);
    const neither = await sign(acmeSecret, { chartId: undefined });
    expect((await refusal(neither)).message).toBe(
      'This embed token is not valid: give dashboardId or chartId.',
    );
    const editable = await sign(acmeSecret, { editableFilters: ['region'] });
    expect((await refusal(editable)).message).toMatch(/^This embed token is not valid: editable/);
  });

  it("refuses a chart token on a dashboard's API, and a dashboard's token here", async () => {
    const chartToken = await sign(acmeSecret, { attributes: ALL_REGIONS });
    const headers = { site: 'acme', authorization: `Bearer ${chartToken}` };
    const path = `/api/v1/share/dashboards/${dashboard.id}`;
    const opened = await api(ctx.base, null, 'GET', path, undefined, headers);
    expect(opened.status).toBe(404);
    expect(opened.body).toMatchObject({
      reason: 'invalid',
      message: expect.stringContaining('it shows a chart, not a dashboard'),
    });
    const queried = await api(ctx.base, null, 'POST', `${path}/query`, { chartId }, headers);
    expect(queried.status).toBe(404);
    expect(JSON.stringify(queried.body)).not.toContain('North');

    const dashboardToken = await sign(acmeSecret, {
      chartId: undefined,
      dashboardId: dashboard.id,
      attributes: ALL_REGIONS,
    });
    expect(await refusal(dashboardToken)).toMatchObject({
      reason: 'invalid',
      message: expect.stringContaining('it shows a dashboard, not a chart'),
    });
    // A dashboard's share link opens no chart either.
    const link = await api(
      ctx.base,
      ctx.acme.editor,
      'POST',
      `/api/v1/dashboards/${dashboard.id}/shareLinks`,
      { label: 'Link', attributes: ALL_REGIONS },
    );
    expect((await refusal((link.body as CreatedShareLink).token)).reason).toBe('invalid');
  });

  it('answers 400 naming what is wrong with a body, once the token is good', async () => {
    const token = await sign(acmeSecret, { attributes: ALL_REGIONS });
    const unknown = await chartCall(`${chartId}/query`, token, { filters: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Unknown field: filters.' });
    const notJson = await chartCall(`${chartId}/query`, token, '{"');
    expect(notJson.status).toBe(400);
    // A query string or an id that is not one is no link we made.
    const queried = await api(
      ctx.base,
      null,
      'GET',
      `/api/v1/embed/charts/${chartId}?x=1`,
      undefined,
      { site: 'acme', authorization: `Bearer ${token}` },
    );
    expect(queried.status).toBe(404);
    expect((await refusal(token, 0)).reason).toBe('invalid');
    const anonymous = await api(
      ctx.base,
      null,
      'GET',
      `/api/v1/embed/charts/${chartId}`,
      undefined,
      {
        site: 'acme',
      },
    );
    expect(anonymous.status).toBe(404);
  });

  it("lets only the token's origins frame the chart page, and only a chart's token", async () => {
    const origins = ['https://app.example.com'];
    const page = (path: string) => api(ctx.base, null, 'GET', path, undefined, { site: 'acme' });
    const chartToken = await sign(acmeSecret, { origins });
    const framed = await page(`/embed/charts/${chartToken}`);
    expect(framed.status).toBe(200);
    expect(framed.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://app.example.com',
    );
    expect(framed.headers.get('x-frame-options')).toBeNull();

    const wrongKind = await page(`/embed/dashboards/${chartToken}`);
    expect(wrongKind.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const dashboardToken = await sign(acmeSecret, {
      chartId: undefined,
      dashboardId: dashboard.id,
      origins,
    });
    const reverse = await page(`/embed/charts/${dashboardToken}`);
    expect(reverse.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const expired = await page(
      `/embed/charts/${await sign(acmeSecret, { origins, exp: now() - 5 })}`,
    );
    expect(expired.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
