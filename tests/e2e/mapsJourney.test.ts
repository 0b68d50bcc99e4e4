import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import type { Dataset } from '../../common/analytics';
import type { ChartSpec, Dashboard, SavedChart } from '../../common/charts';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// Maps in Chromium on a dashboard of the demo Airports dataset: a region map of airports by
// US state (the data holds USPS codes) shows a state's count on hover and opens the drill menu
// on a click, whose "View these rows" keeps that state; a point map of the airports draws.

async function airportsId(rootUrl: string, editor: Session): Promise<number> {
  const listed = await api(rootUrl, editor, 'GET', '/api/v1/datasets?range=[0,199]');
  const airports = (listed.body as Dataset[]).find((dataset) => dataset.name === 'Airports');
  if (!airports) throw new Error('the demo tenant has no Airports dataset');
  return airports.id;
}

async function savedChart(rootUrl: string, editor: Session, spec: ChartSpec): Promise<number> {
  const chart = await api(rootUrl, editor, 'POST', '/api/v1/aicharts', {
    datasetId: spec.query.datasetId,
    name: spec.title,
    spec,
  });
  expect(chart.status).toBe(200);
  return (chart.body as SavedChart).id;
}

async function mapsDashboard(rootUrl: string): Promise<number> {
  const editor = await login(rootUrl, 'acme', 'editor', E2E_PASSWORD);
  const datasetId = await airportsId(rootUrl, editor);
  const byState = await savedChart(rootUrl, editor, {
    type: 'regionMap',
    title: 'Airports by state',
    query: {
      datasetId,
      dimensions: [{ field: 'state' }],
      measures: [{ field: '*', agg: 'count' }],
      filters: [],
      sort: [],
    },
    encoding: { x: 'state', y: ['count'] },
    options: {},
  });
  const points = await savedChart(rootUrl, editor, {
    type: 'pointMap',
    title: 'Where the airports are',
    query: {
      datasetId,
      dimensions: [{ field: 'latitude' }, { field: 'longitude' }],
      measures: [{ field: '*', agg: 'count' }],
      filters: [],
      sort: [],
      limit: 5000,
    },
    encoding: { y: ['count'] },
    options: {},
  });
  const dashboard = await api(rootUrl, editor, 'POST', '/api/v1/dashboards', {
    name: 'E2E airport maps',
    tiles: [
      { id: 'states', kind: 'chart', chartId: byState, layout: { x: 0, y: 0, w: 12, h: 6 } },
      { id: 'points', kind: 'chart', chartId: points, layout: { x: 0, y: 6, w: 12, h: 6 } },
    ],
    filters: [],
    refreshSeconds: 0,
  });
  expect(dashboard.status).toBe(200);
  return (dashboard.body as Dashboard).id;
}

function rowsQuery(request: Request): boolean {
  return new URL(request.url()).pathname.startsWith('/api/v1/query') && request.method() === 'POST';
}

describe('maps on a dashboard', () => {
  const e2e = useServerAndBrowser();

  it('hovers a map region for its count, clicks it for the drill menu, and draws a point map', async () => {
    const id = await mapsDashboard(e2e.rootUrl);
    const { page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer');
    await page.goto(`${e2e.siteUrl('acme')}/dashboards/${id}`);
    const tile = page
      .locator('[data-tile-kind="chart"]')
      .filter({ has: page.getByRole('heading', { name: 'Airports by state' }) });
    await visible(tile.locator('[data-tile-state="drawn"]'), 60_000);

    // The middle of the lower 48 is a state with airports: its tooltip names it as the data does.
    const canvas = tile.locator('[data-chart-state="drawn"]');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.45);
    const tooltip = canvas.locator('div').filter({ hasText: /^[A-Z]{2}: [\d,]+$/ });
    await visible(tooltip);
    const state = (await tooltip.innerText()).slice(0, 2);

    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.45);
    const menu = page.getByRole('menu');
    await visible(menu);
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toContain('View these rows');
    const rows = page.waitForRequest(rowsQuery);
    await menu.getByRole('menuitem', { name: 'View these rows' }).click();
    const body = JSON.parse((await rows).postData() ?? '{}');
    expect(JSON.stringify(body)).toContain(`{"field":"state","op":"=","value":"${state}"}`);
    await visible(page.getByRole('dialog'));
    await page.keyboard.press('Escape');

    const points = page
      .locator('[data-tile-kind="chart"]')
      .filter({ has: page.getByRole('heading', { name: 'Where the airports are' }) });
    await points.scrollIntoViewIfNeeded();
    await visible(points.locator('[data-tile-state="drawn"]'), 60_000);
    await expect(points.locator('[data-map-unplaced]').count()).resolves.toBe(0);
  });
});
