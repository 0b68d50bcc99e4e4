import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '../../common/charts';
import { api, login } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// In Chromium, as a new company meets it: list rows open from the keyboard alone; a
// window narrowed to a phone while editing a dashboard saves the desktop layout unchanged; a
// dashboard's filter values, a date preset among them, live in its address.

async function recordId(rootUrl: string, resource: string, name: string): Promise<number> {
  const session = await login(rootUrl, 'acme', 'editor', E2E_PASSWORD);
  const listed = await api(rootUrl, session, 'GET', `/api/v1/${resource}?range=[0,199]`);
  const found = (listed.body as Array<{ id: number; name: string }>).find((r) => r.name === name);
  if (!found) throw new Error(`no ${resource} named ${name}`);
  return found.id;
}

/** Presses Tab until the focused element is the list row naming `name` (at most 60 times). */
async function tabToRow(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.tagName === 'TR' ? (element.textContent ?? '') : null;
    });
    if (focused?.startsWith(name)) return;
  }
  throw new Error(`Tab never reached the row of ${name}`);
}

/** The focused element's outline, as the person sees it. */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

describe('a new company in its first week', () => {
  const e2e = useServerAndBrowser();

  it('opens a dashboard and a dataset from their lists with the keyboard alone', async () => {
    const site = e2e.siteUrl('acme');
    const dashboardId = await recordId(e2e.rootUrl, 'dashboards', 'Flights');
    const datasetId = await recordId(e2e.rootUrl, 'datasets', 'Flights');
    const { context, page } = await e2e.signedInPage(site, 'editor');

    await page.goto(`${site}/dashboards`);
    await visible(page.getByRole('row').filter({ hasText: 'Flights' }).first());
    await tabToRow(page, 'Flights');
    expect(await focusOutline(page)).toMatchObject({ style: 'solid', width: 2 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/dashboards/${dashboardId}`);

    await page.goto(`${site}/datasets`);
    await visible(page.getByRole('row').filter({ hasText: 'Flights' }).first());
    await tabToRow(page, 'Flights');
    await page.keyboard.press(' ');
    await page.waitForURL(new RegExp(`/datasets/${datasetId}$`));
    await context.close();
  });

  it('saves the desktop layout unchanged after the window went to phone width while editing', async () => {
    const site = e2e.siteUrl('acme');
    const id = await recordId(e2e.rootUrl, 'dashboards', 'Flights');
    const session = await login(e2e.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    const before = (await api(e2e.rootUrl, session, 'GET', `/api/v1/dashboards/${id}`))
      .body as Dashboard;
    const { context, page } = await e2e.signedInPage(site, 'editor');
    await page.goto(`${site}/dashboards/${id}`);
    await visible(page.locator('[data-tile-state="drawn"]').first(), 30_000);
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await visible(
      page.getByText('Tiles are moved and resized on a wider screen', { exact: false }),
    );
    await page.setViewportSize({ width: 1440, height: 1100 });
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === `/api/v1/dashboards/${id}`,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);

    const after = (await api(e2e.rootUrl, session, 'GET', `/api/v1/dashboards/${id}`))
      .body as Dashboard;
    expect(after.tiles).toEqual(before.tiles);
    await context.close();
  });

  it("keeps a dashboard's filters, a date preset among them, in its address", async () => {
    const site = e2e.siteUrl('acme');
    const id = await recordId(e2e.rootUrl, 'dashboards', 'Flights');
    const { context, page } = await e2e.signedInPage(site, 'viewer');
    await page.goto(`${site}/dashboards/${id}`);
    await visible(page.locator('[data-tile-state="drawn"]').first(), 30_000);

    const relative = page.waitForRequest((request) => {
      if (new URL(request.url()).pathname !== '/api/v1/query') return false;
      return (request.postData() ?? '').includes('"op":"relative"');
    });
    await page.getByRole('combobox', { name: 'Date: period' }).click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    const asked = JSON.parse((await relative).postData() ?? '{}').query.filters;
    expect(asked).toContainEqual({
      field: 'date',
      op: 'relative',
      value: { kind: 'last', count: 30, unit: 'day' },
    });
    await page.waitForURL(/f\.date=last30days/);

    // The address, loaded afresh (the session lives in this tab), shows and asks the same.
    const address = page.url();
    await page.goto(`${site}/dashboards`);
    const reopened = page.waitForRequest((request) =>
      (request.postData() ?? '').includes('"op":"relative"'),
    );
    await page.goto(address);
    await reopened;
    const period = page.getByRole('combobox', { name: 'Date: period' });
    await visible(period);
    expect(await period.innerText()).toBe('Last 30 days');
    await context.close();
  });
});
