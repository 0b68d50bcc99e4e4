import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { CreatedEmbedSecret } from '../../common/api/embeds';
import type { Dashboard } from '../../common/charts';
import { signEmbedToken } from '../../sdk/src/signEmbedToken';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// Embedding in Chromium: a host page on another origin embeds a Flights dashboard of the demo
// tenant with the SDK's <brandboard-dashboard> (built into sdk/dist), sets a filter from the
// host and hears it back, and receives a click on a chart as an event; the same page with a
// token that does not allow its origin shows nothing of the dashboard, only why. One of its charts,
// alone in <brandboard-chart>, draws in the host at its size.

let host: Server;
let hostOrigin: string;
let admin: Session;
let dashboardId: number;
let key: CreatedEmbedSecret;

/** The host page: the SDK's element `tag` with `token`, and the events it tells kept in a list. */
function hostPage(baseUrl: string, token: string, tag: string): string {
  return `<!doctype html><html><head><title>Host</title></head><body>
<h1>Customer portal</h1>
<${tag} id="board" base-url="${baseUrl}" token="${token}"></${tag}>
<script type="module">
  import { defineBrandboardChart, defineBrandboardDashboard } from '/sdk/index.js';
  window.told = [];
  const board = document.getElementById('board');
  for (const type of ['brandboard-loaded', 'brandboard-filters-changed', 'brandboard-chart-clicked']) {
    board.addEventListener(type, (event) => window.told.push({ type, detail: event.detail }));
  }
  defineBrandboardDashboard();
  defineBrandboardChart();
</script></body></html>`;
}

/**
 * Another origin (another port): the host page of `?token=` (with `&tag=brandboard-chart`, a
 * chart's), and the SDK's built files.
 */
function startHost(baseUrl: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname.startsWith('/sdk/')) {
      const file = join('sdk/dist', url.pathname.slice('/sdk/'.length).replace(/\.\./g, ''));
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(readFileSync(file));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    const tag =
      url.searchParams.get('tag') === 'brandboard-chart'
        ? 'brandboard-chart'
        : 'brandboard-dashboard';
    response.end(hostPage(baseUrl, url.searchParams.get('token') ?? '', tag));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function toldOf(page: Page, type: string) {
  await page.waitForFunction(
    (t) => (window as unknown as { told: { type: string }[] }).told.some((e) => e.type === t),
    type,
    { timeout: 30_000 },
  );
  return page.evaluate(
    (t) =>
      (window as unknown as { told: { type: string; detail: unknown }[] }).told.filter(
        (e) => e.type === t,
      ),
    type,
  );
}

function embedFrame(page: Page, kind: 'dashboards' | 'charts' = 'dashboards'): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes(`/embed/${kind}/`));
  if (!frame) throw new Error(`no embedded ${kind} frame`);
  return frame;
}

describe('an embedded dashboard on another origin', () => {
  const e2e = useServerAndBrowser();

  beforeAll(async () => {
    const baseUrl = e2e.siteUrl('acme');
    host = await startHost(baseUrl);
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    admin = await login(e2e.rootUrl, 'acme', 'admin', E2E_PASSWORD);
    const listed = await api(e2e.rootUrl, admin, 'GET', '/api/v1/dashboards?range=[0,199]');
    const flights = (listed.body as Dashboard[]).find((d) => d.name === 'Flights');
    if (!flights) throw new Error('the demo tenant has no Flights dashboard');
    dashboardId = flights.id;
    const made = await api(e2e.rootUrl, admin, 'POST', '/api/v1/embedSecrets', { label: 'Portal' });
    key = made.body as CreatedEmbedSecret;
  });
  afterAll(() => new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve())));

  it('draws in the host, takes a filter from it, and tells a chart click', async () => {
    const dashboard = (await api(e2e.rootUrl, admin, 'GET', `/api/v1/dashboards/${dashboardId}`))
      .body as Dashboard;
    const origin = dashboard.filters.find((filter) => filter.type === 'values');
    if (!origin) throw new Error('the Flights dashboard has no values filter');
    const token = await signEmbedToken(key, { dashboardId, origins: [hostOrigin] });
    const { context, page } = await e2e.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${hostOrigin}/?token=${token}`);
    await toldOf(page, 'brandboard-loaded');
    const frame = embedFrame(page);
    await visible(frame.locator('[data-tile-state="drawn"]').first(), 30_000);
    // The iframe grew to the dashboard's height.
    const height = await page
      .locator('brandboard-dashboard iframe')
      .evaluate((f) => f.clientHeight);
    expect(height).toBeGreaterThan(400);

    await page.evaluate(
      ([filterId]) =>
        (
          document.getElementById('board') as unknown as {
            setFilters: (f: object[]) => void;
          }
        ).setFilters([{ filterId, value: ['ORD'] }]),
      [origin.id],
    );
    await page.waitForFunction(
      (filterId) =>
        (
          window as unknown as {
            told: { type: string; detail: { filterId: string; value: string[] }[] }[];
          }
        ).told.some(
          (event) =>
            event.type === 'brandboard-filters-changed' &&
            event.detail.some((f) => f.filterId === filterId && f.value.includes('ORD')),
        ),
      origin.id,
      { timeout: 15_000 },
    );

    // A click on a chart's marks: across the lower part of each drawn chart until one hits.
    const charts = frame.locator('[data-chart-state="drawn"]');
    await visible(charts.first(), 30_000);
    let clicked: unknown[] = [];
    for (let index = 0; index < (await charts.count()) && clicked.length === 0; index++) {
      const box = await charts.nth(index).boundingBox();
      if (!box) continue;
      for (const share of [0.2, 0.35, 0.5, 0.65, 0.8]) {
        await charts.nth(index).click({ position: { x: box.width * share, y: box.height * 0.75 } });
        clicked = await page.evaluate(() =>
          (window as unknown as { told: { type: string }[] }).told.filter(
            (e) => e.type === 'brandboard-chart-clicked',
          ),
        );
        if (clicked.length) break;
      }
    }
    expect(clicked[0]).toMatchObject({ detail: { field: expect.any(String) } });
    // Storage denied to a page in another site's frame is no error of the page.
    expect(failures).toEqual([]);
    await context.close();
  });

  it('shows nothing of the dashboard to an origin the token does not allow', async () => {
    const token = await signEmbedToken(key, {
      dashboardId,
      origins: ['https://elsewhere.example'],
    });
    const { context, page } = await e2e.newPage();
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/share/')) answers.push(response.status());
    });
    await page.goto(`${hostOrigin}/?token=${token}`);
    // The element says why in words instead of a grey frame the browser would refuse to draw
    // (frame-ancestors): no page runs, no data is asked.
    await visible(
      page.getByRole('alert').filter({ hasText: `does not allow ${hostOrigin} in its "origins"` }),
    );
    expect(await page.locator('brandboard-dashboard iframe').count()).toBe(0);
    const told = await page.evaluate(() => (window as unknown as { told: unknown[] }).told);
    expect(told).toEqual([]);
    expect(answers).toEqual([]);
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      expect(await frame.locator('[data-tile-state]').count()).toBe(0);
    }
    await context.close();
  });

  it('draws one chart of the dashboard alone in <brandboard-chart>, sized to it', async () => {
    const dashboard = (await api(e2e.rootUrl, admin, 'GET', `/api/v1/dashboards/${dashboardId}`))
      .body as Dashboard;
    const chartId = dashboard.tiles.find((tile) => tile.kind === 'chart')?.chartId;
    if (!chartId) throw new Error('the Flights dashboard has no chart');
    const token = await signEmbedToken(key, { chartId, origins: [hostOrigin] });
    const { context, page } = await e2e.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${hostOrigin}/?tag=brandboard-chart&token=${token}`);
    await toldOf(page, 'brandboard-loaded');
    const frame = embedFrame(page, 'charts');
    await visible(frame.locator('[data-tile-state="drawn"]'), 30_000);
    const height = await page.locator('brandboard-chart iframe').evaluate((f) => f.clientHeight);
    expect(height).toBeGreaterThanOrEqual(400);
    expect(failures).toEqual([]);
    await context.close();
  });
});
