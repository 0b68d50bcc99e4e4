import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Dashboard } from '../../common/charts';
import { api, login } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// Going deeper in Chromium as a signed-in viewer of the demo Flights dashboard: a click on
// the year's bar opens its menu and drills into quarters; the keyboard picks the first
// quarter and drills into its months; a month's rows open, sorted and paged by the server
// under the viewer's policies; the breadcrumbs go back up to the years.

async function flightsDashboardId(rootUrl: string): Promise<number> {
  const session = await login(rootUrl, 'acme', 'viewer', E2E_PASSWORD);
  const listed = await api(rootUrl, session, 'GET', '/api/v1/dashboards?range=[0,199]');
  const flights = (listed.body as Dashboard[]).find((dashboard) => dashboard.name === 'Flights');
  if (!flights) throw new Error('the demo tenant has no Flights dashboard');
  return flights.id;
}

/** Waits for the chart query of the Flights-by-year tile showing dates by `grain`. */
function queryByGrain(page: Page, grain: string): Promise<Request> {
  return page.waitForRequest((request) => {
    if (new URL(request.url()).pathname !== '/api/v1/query') return false;
    const query = JSON.parse(request.postData() ?? '{}').query;
    return query?.dimensions?.[0]?.field === 'date' && query.dimensions[0].grain === grain;
  });
}

describe('drilling on the demo Flights dashboard', () => {
  const e2e = useServerAndBrowser();

  it('drills from the year to its months with the mouse and the keyboard, then views a month’s rows', async () => {
    const id = await flightsDashboardId(e2e.rootUrl);
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer');
    await page.goto(`${e2e.siteUrl('acme')}/dashboards/${id}`);
    const tile = page
      .locator('[data-tile-kind="chart"]')
      .filter({ has: page.getByRole('heading', { name: 'Flights by year' }) });
    await tile.scrollIntoViewIfNeeded();
    await visible(tile.locator('[data-tile-state="drawn"]'), 60_000);

    // The one year's bar, clicked: its menu offers to drill into quarters.
    const canvas = tile.locator('[data-chart-state]');
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width / 2, y: box.height * 0.8 } });
    const menu = page.getByRole('menu');
    await visible(menu);
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual([
      'Drill into quarters',
      'Break out by…',
      'View these rows',
      'Filter the dashboard by this',
    ]);
    const byQuarter = queryByGrain(page, 'quarter');
    await menu.getByRole('menuitem', { name: 'Drill into quarters' }).click();
    const quarterQuery = JSON.parse((await byQuarter).postData()!).query;
    expect(quarterQuery.filters).toContainEqual({ field: 'date', op: '>=', value: '2001-01-01' });
    expect(quarterQuery.filters).toContainEqual({ field: 'date', op: '<', value: '2002-01-01' });
    const crumbs = tile.getByRole('navigation', { name: 'Drill path of Flights by year' });
    await visible(crumbs.getByText('2001', { exact: true }));
    await visible(tile.locator('[data-tile-state="drawn"]'), 30_000);

    // The keyboard: focus the chart, the first value (Q1 2001), Enter, drill into months.
    await tile.getByRole('group', { name: /^Chart:/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await visible(menu);
    const byMonth = queryByGrain(page, 'month');
    await page.keyboard.press('Enter');
    const monthQuery = JSON.parse((await byMonth).postData()!).query;
    expect(monthQuery.filters).toContainEqual({ field: 'date', op: '<', value: '2001-04-01' });
    await visible(crumbs.getByText('Q1 2001', { exact: true }));
    await visible(tile.locator('[data-tile-state="drawn"]'), 30_000);

    // February's rows: the second month, its menu, View these rows.
    await tile.getByRole('group', { name: /^Chart:/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const rowsAsked = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/v1/query/rows',
    );
    await menu.getByRole('menuitem', { name: 'View these rows' }).click();
    const rowsBody = JSON.parse((await rowsAsked).postData()!);
    expect(rowsBody.filters).toContainEqual({ field: 'date', op: '>=', value: '2001-02-01' });
    expect(rowsBody.filters).toContainEqual({ field: 'date', op: '<', value: '2001-03-01' });
    const dialog = page.getByRole('dialog');
    const table = dialog.getByRole('table', { name: 'The rows behind the value' });
    await visible(table, 30_000);
    const firstDates = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(firstDates.length).toBe(25);
    for (const date of firstDates) expect(date).toMatch(/^2001-02-0/);
    // Sorted by delay, longest first: the server sorts, the page shows it.
    const sorted = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/query/rows' &&
        JSON.parse(response.request().postData() ?? '{}').sort?.[0]?.dir === 'desc',
    );
    const delay = dialog.getByRole('button', { name: 'Delay' });
    await delay.click();
    await delay.click();
    const answer = (await (await sorted).json()) as {
      rows: unknown[][];
      columns: { name: string }[];
    };
    const at = answer.columns.findIndex((column) => column.name === 'delay');
    const delays = answer.rows.map((row) => Number(row[at]));
    expect(delays).toEqual([...delays].sort((a, b) => b - a));
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Back up to the years.
    const byYear = queryByGrain(page, 'year');
    await crumbs.getByRole('button', { name: 'All' }).click();
    await byYear;
    await expect(crumbs.count()).resolves.toBe(0);
    await context.close();
  }, 180_000);

  it('opens the menu of a tapped bar inside a right-to-left phone screen and drills from it', async () => {
    const id = await flightsDashboardId(e2e.rootUrl);
    const phone = { width: 390, height: 844 };
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer', phone);
    await page.evaluate(() => localStorage.setItem('rtlLayout', 'true'));
    await page.goto(`${e2e.siteUrl('acme')}/dashboards/${id}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const tile = page
      .locator('[data-tile-kind="chart"]')
      .filter({ has: page.getByRole('heading', { name: 'Flights by year' }) });
    await tile.scrollIntoViewIfNeeded();
    await visible(tile.locator('[data-tile-state="drawn"]'), 60_000);
    const canvas = tile.locator('[data-chart-state]');
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width / 2, y: box.height * 0.8 } });
    const menu = page.getByRole('menu');
    await visible(menu);
    const shown = (await menu.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(phone.width);
    expect(await menu.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
    const byQuarter = queryByGrain(page, 'quarter');
    await menu.getByRole('menuitem', { name: 'Drill into quarters' }).click();
    await byQuarter;
    const crumbs = tile.getByRole('navigation', { name: 'Drill path of Flights by year' });
    await visible(crumbs.getByRole('button', { name: 'All' }));
    const crumbsBox = (await crumbs.boundingBox())!;
    expect(crumbsBox.x + crumbsBox.width).toBeLessThanOrEqual(phone.width);
    await context.close();
  }, 180_000);
});
