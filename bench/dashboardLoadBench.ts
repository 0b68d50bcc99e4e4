import type { Browser, Page } from 'playwright-core';
import type { Dashboard } from '../common/charts';
import { callApi } from './benchApi';
import { signedInContext, siteUrl, type WebSession } from './dashboardBrowser';
import { median } from './statistics';

// The Flights dashboard in headless Chromium: from navigation start until every chart tile
// says data-tile-state="drawn" (the page's own clock, performance.now()). The first load runs
// against a fresh server (empty query cache, empty browser cache); the warm loads are reloads.

export interface DashboardLoadResult {
  dashboardId: number;
  chartTiles: number;
  coldMs: number;
  warmMs: number[];
  warmMedianMs: number;
}

export async function findFlightsDashboard(rootUrl: string, session: WebSession) {
  const dashboards = await callApi<Dashboard[]>(rootUrl, session, 'GET', '/api/v1/dashboards');
  const flights = dashboards.find((dashboard) => dashboard.name === 'Flights');
  if (!flights) throw new Error('The demo Flights dashboard is missing.');
  return flights;
}

/** Waits until every chart tile has drawn; answers the page's time since navigation start. */
export async function timeUntilTilesDrawn(page: Page, chartTiles: number): Promise<number> {
  const handle = await page.waitForFunction(
    (expected) => {
      const states = [...document.querySelectorAll('[data-tile-state]')].map((tile) =>
        tile.getAttribute('data-tile-state'),
      );
      const failed = states.find((state) => state === 'error' || state === 'missing');
      if (failed) throw new Error(`A tile ended in state ${failed}.`);
      if (states.length < expected || states.some((state) => state !== 'drawn')) return false;
      return performance.now();
    },
    chartTiles,
    { polling: 'raf', timeout: 120_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

/** The chart tiles of a dashboard in reading order (top to bottom, left to right). */
function chartTilesInOrder(dashboard: Dashboard) {
  return dashboard.tiles
    .filter((tile) => tile.kind === 'chart')
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}

/**
 * A copy of `dashboard` with its first `count` charts only, saved through the API: docs/architecture.md §8
 * sets the warm budget for a dashboard of 8 charts, the demo one has 12.
 */
export async function dashboardWithCharts(
  rootUrl: string,
  session: WebSession,
  dashboard: Dashboard,
  count: number,
): Promise<Dashboard> {
  const tiles = chartTilesInOrder(dashboard).slice(0, count);
  if (tiles.length < count) throw new Error(`${dashboard.name} has fewer than ${count} charts.`);
  return callApi<Dashboard>(rootUrl, session, 'POST', '/api/v1/dashboards', {
    name: `${dashboard.name} (${count} charts)`,
    tiles,
    filters: [],
    refreshSeconds: 0,
  });
}

export async function benchDashboardLoad(
  browser: Browser,
  rootUrl: string,
  session: WebSession,
  dashboard: Dashboard,
  warmRuns: number,
): Promise<DashboardLoadResult> {
  const chartTiles = dashboard.tiles.filter((tile) => tile.kind === 'chart').length;
  const context = await signedInContext(browser, session);
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl(rootUrl, 'acme')}/dashboards/${dashboard.id}`);
    const coldMs = await timeUntilTilesDrawn(page, chartTiles);
    const warmMs: number[] = [];
    for (let run = 0; run < warmRuns; run += 1) {
      await page.reload();
      warmMs.push(await timeUntilTilesDrawn(page, chartTiles));
    }
    return {
      dashboardId: dashboard.id,
      chartTiles,
      coldMs,
      warmMs,
      warmMedianMs: median(warmMs),
    };
  } finally {
    await context.close();
  }
}
