import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Dashboard } from '../../common/charts';
import { api, login } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// In Chromium as a signed-in viewer of the demo tenant: the Flights
// dashboard's Origin filter offers each airport once and finds ORD on the server as the viewer
// types; a date range with one end set filters from (or until) it and says so. Item 7: a
// tile's CSV export reads like its chart.

async function flightsDashboardId(rootUrl: string): Promise<number> {
  const session = await login(rootUrl, 'acme', 'viewer', E2E_PASSWORD);
  const listed = await api(rootUrl, session, 'GET', '/api/v1/dashboards?range=[0,199]');
  const flights = (listed.body as Dashboard[]).find((dashboard) => dashboard.name === 'Flights');
  if (!flights) throw new Error('the demo tenant has no Flights dashboard');
  return flights.id;
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const optionTexts = (page: Page) => page.getByRole('listbox').getByRole('option').allInnerTexts();

/** Waits for the values answer of `search` ('' is the first list). */
function valuesAnswer(page: Page, search: string) {
  return page.waitForResponse((response) => {
    if (new URL(response.url()).pathname !== '/api/v1/query/values') return false;
    return JSON.parse(response.request().postData() ?? '{}').search === search;
  });
}

/** Waits for a tile query carrying `condition` among its filters. */
function tileQueryWith(page: Page, condition: object) {
  const wanted = JSON.stringify(condition);
  return page.waitForRequest((request) => {
    if (new URL(request.url()).pathname !== '/api/v1/query') return false;
    const filters: unknown[] = JSON.parse(request.postData() ?? '{}').query?.filters ?? [];
    return filters.some((filter) => JSON.stringify(filter) === wanted);
  });
}

describe('dashboard filters on the demo Flights dashboard', () => {
  const e2e = useServerAndBrowser();

  it('offers each origin once, searches ORD on the server, and filters from one date', async () => {
    const id = await flightsDashboardId(e2e.rootUrl);
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer');
    await page.goto(`${e2e.siteUrl('acme')}/dashboards/${id}`);
    await visible(page.locator('[data-tile-state="drawn"]').first(), 30_000);

    // The values list: each airport once.
    const origin = page.getByRole('combobox', { name: 'Origin' });
    const first = valuesAnswer(page, '');
    await origin.click();
    expect((await first).status()).toBe(200);
    await visible(page.getByRole('listbox').getByRole('option').first());
    const offered = await optionTexts(page);
    expect(offered.length).toBeGreaterThan(20);
    expect(new Set(offered).size).toBe(offered.length);

    // Typing searches the server, ignoring case: ORD is offered, and only what contains "ord".
    const searched = valuesAnswer(page, 'ord');
    await origin.pressSequentially('ord');
    expect(await (await searched).json()).toEqual({ values: ['ORD'] });
    await visible(page.getByRole('option', { name: 'ORD', exact: true }));
    expect(await optionTexts(page)).toEqual(['ORD']);
    const narrowed = tileQueryWith(page, { field: 'origin', op: '=', value: 'ORD' });
    await page.getByRole('option', { name: 'ORD', exact: true }).click();
    await narrowed;
    await page.keyboard.press('Escape');

    // A date range with only its start: filters from that day and says so.
    const from = page.getByLabel('Date: from');
    const to = page.getByLabel('Date: to');
    await to.fill('');
    const fromOnly = tileQueryWith(page, { field: 'date', op: '>=', value: '2001-03-01' });
    await from.fill('2001-03-01');
    await fromOnly;
    const note = page.getByText('From 2001-03-01', { exact: true });
    await visible(note);
    const clipped = await note.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(clipped).toBe(false);
    // On one line, beside the date fields, overlapping neither them nor the Origin filter.
    const noteBox = await boxOf(note);
    expect(noteBox.height).toBeLessThan(30);
    for (const neighbour of [to, origin])
      expect(overlap(noteBox, await boxOf(neighbour))).toBe(false);

    // Only its end: until that day.
    const untilOnly = tileQueryWith(page, { field: 'date', op: '<=', value: '2001-04-30' });
    await to.fill('2001-04-30');
    await from.fill('');
    await untilOnly;
    await visible(page.getByText('Until 2001-04-30', { exact: true }));
    expect(await page.getByText('From 2001-03-01').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('exports a tile’s CSV headed by the chart’s axis titles, numbers as the chart shows them', async () => {
    const id = await flightsDashboardId(e2e.rootUrl);
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer');
    await page.goto(`${e2e.siteUrl('acme')}/dashboards/${id}`);
    const title = 'Top origin airports';
    const tile = page.locator('[data-tile-state]').filter({ hasText: title });
    await tile.scrollIntoViewIfNeeded();
    await visible(page.locator('[data-tile-state="drawn"]').filter({ hasText: title }), 30_000);
    await page.getByRole('button', { name: `Actions of ${title}` }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('top-origin-airports.csv');
    const lines = readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    // The bar chart's axes read "Origin" and "Flights"; its numbers are compact ("31.2K").
    expect(lines[0]).toBe('Origin,Flights');
    expect(lines).toHaveLength(11);
    for (const line of lines.slice(1)) expect(line).toMatch(/^[A-Z]{3},\d+(\.\d)?K$/);
    await context.close();
  }, 120_000);
});
