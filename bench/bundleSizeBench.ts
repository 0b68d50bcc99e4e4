import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { ShareLink } from '../common/api/shares';
import { callApi } from './benchApi';
import { siteUrl, type WebSession } from './dashboardBrowser';
import { findFlightsDashboard, timeUntilTilesDrawn } from './dashboardLoadBench';

// JavaScript shipped to a page: every script response Chromium receives while the page loads
// (and, for the shared dashboard, until all its charts have drawn), each gzipped with zlib's
// default level, summed. A fresh context each time, so nothing comes from the browser cache.

export interface ShippedScripts {
  page: string;
  files: number;
  rawKb: number;
  gzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measure(
  browser: Browser,
  name: string,
  visit: (page: Page) => Promise<void>,
): Promise<ShippedScripts> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  try {
    const page = await context.newPage();
    const bodies: Array<Promise<Buffer>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await visit(page);
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    return {
      page: name,
      files: scripts.length,
      rawKb: kb(scripts.reduce((sum, body) => sum + body.length, 0)),
      gzipKb: kb(scripts.reduce((sum, body) => sum + gzipSync(body).length, 0)),
    };
  } finally {
    await context.close();
  }
}

export async function benchShippedScripts(
  browser: Browser,
  rootUrl: string,
  editor: WebSession,
): Promise<{ login: ShippedScripts; share: ShippedScripts }> {
  const site = siteUrl(rootUrl, 'acme');
  const login = await measure(browser, '/login', async (page) => {
    await page.goto(`${site}/login`);
    await page.getByRole('button', { name: /sign in/i }).waitFor();
  });

  const dashboard = await findFlightsDashboard(rootUrl, editor);
  const chartTiles = dashboard.tiles.filter((tile) => tile.kind === 'chart').length;
  const link = await callApi<ShareLink>(
    rootUrl,
    editor,
    'POST',
    `/api/v1/dashboards/${dashboard.id}/shareLinks`,
    { label: 'Benchmark' },
  );
  const path = new URL(link.url ?? '', site).pathname;
  const share = await measure(browser, path.replace(/[^/]+$/, '{token}'), async (page) => {
    await page.goto(`${site}${path}`);
    await timeUntilTilesDrawn(page, chartTiles);
  });
  return { login, share };
}
