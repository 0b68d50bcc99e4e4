import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Dashboard, DashboardTile } from '../../common/charts';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, type E2eServer, useServerAndBrowser } from './harness';

// The dashboards journey in Chromium against the real server: an editor builds a chart, puts it
// on a new dashboard, moves and resizes its tile with the mouse, filters the dashboard, shares
// it; the link opens in a fresh context without sign-in in the tenant's brand, and once revoked
// shows the message page instead of data.

const CHART = 'E2E horsepower by origin';
const DASHBOARD = 'E2E cars board';
const LINK_LABEL = 'For the board meeting';

const isQuery = (url: string) => new URL(url).pathname === '/api/v1/query';
const isDashboardWrite = (url: string, id: number) =>
  new URL(url).pathname === `/api/v1/dashboards/${id}`;

async function dashboardNamed(server: E2eServer, session: Session, name: string) {
  const listed = await api(server.rootUrl, session, 'GET', '/api/v1/dashboards?range=[0,199]');
  expect(listed.status).toBe(200);
  const found = (listed.body as Dashboard[]).find((dashboard) => dashboard.name === name);
  if (!found) throw new Error(`no dashboard named ${name}`);
  return found;
}

async function tilesOf(server: E2eServer, session: Session, id: number): Promise<DashboardTile[]> {
  const answer = await api(server.rootUrl, session, 'GET', `/api/v1/dashboards/${id}`);
  expect(answer.status).toBe(200);
  return (answer.body as Dashboard).tiles;
}

/** Presses the mouse at `from`, moves in steps to `to` and lets go (a real drag). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

/** Builds a column chart of horsepower by origin over Cars and saves it. */
async function buildAndSaveChart(page: Page, site: string) {
  await page.goto(`${site}/aicharts/create`);
  await page.getByRole('combobox', { name: 'Dataset' }).click();
  await page.getByRole('option', { name: 'Cars', exact: true }).click();
  const fields = page.getByRole('navigation', { name: 'Fields' });
  await fields.getByRole('button', { name: 'Add Origin', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add to dimensions' }).click();
  const drawn = page.waitForResponse((response) => isQuery(response.url()));
  await fields.getByRole('button', { name: 'Add Horsepower', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add to measures' }).click();
  expect((await drawn).status()).toBe(200);
  await page.getByRole('button', { name: 'Column', exact: true }).click();
  await visible(page.locator('[data-chart-state="drawn"]'), 20_000);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the chart' });
  await dialog.getByLabel('Name').fill(CHART);
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/aicharts' &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
}

describe('dashboards journey in Chromium', () => {
  let editor: Session;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      editor = await login(server.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    },
  });

  it('builds a chart, lays out a new dashboard, filters, shares and revokes it', async () => {
    // Tall enough that the tile's resize corner and the room below it are on screen.
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor', {
      width: 1400,
      height: 1400,
    });
    const brandName = (await page.getByTestId('brand').first().textContent())?.trim() ?? '';
    expect(brandName).not.toBe('');
    expect(brandName).not.toBe('Brandboard');

    // Build and save a chart, then add it to a new dashboard.
    await buildAndSaveChart(page, site);
    await page.getByRole('button', { name: 'Add to dashboard' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to dashboard' });
    await addDialog.getByRole('combobox', { name: 'Dashboard' }).click();
    await page.getByRole('option', { name: 'A new dashboard' }).click();
    await addDialog.getByLabel('Name of the new dashboard').fill(DASHBOARD);
    await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await addDialog.waitFor({ state: 'hidden' });
    const dashboard = await dashboardNamed(e2e.server, editor, DASHBOARD);
    expect(dashboard.tiles).toHaveLength(1);
    const before = dashboard.tiles[0].layout;

    // Open it: the one tile draws.
    await page.goto(`${site}/dashboards/${dashboard.id}`);
    const tile = page.locator(`[data-tile-id="${dashboard.tiles[0].id}"]`);
    await visible(tile.locator('[data-tile-state="drawn"]'), 20_000);

    // Edit mode: drag the tile to the right by its frame, resize it from its corner, save.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const handle = tile.locator('.react-resizable-handle');
    await visible(handle);
    const start = await box(tile);
    const grid = await box(page.getByTestId('dashboard-grid'));
    await drag(
      page,
      { x: start.x + start.width / 2, y: start.y + 12 },
      { x: start.x + start.width / 2 + grid.width / 3, y: start.y + 12 },
    );
    await expect.poll(async () => (await box(tile)).x).toBeGreaterThan(start.x + 50);
    await handle.scrollIntoViewIfNeeded();
    const handleBox = await box(handle);
    const grip = { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 };
    await drag(page, grip, { x: grip.x + grid.width / 6, y: grip.y + 180 });
    await expect.poll(async () => (await box(tile)).height).toBeGreaterThan(start.height + 100);
    let written = page.waitForResponse(
      (response) =>
        isDashboardWrite(response.url(), dashboard.id) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await written).status()).toBe(200);
    const [laidOut] = await tilesOf(e2e.server, editor, dashboard.id);
    expect(laidOut.layout.x).toBeGreaterThan(before.x);
    expect(laidOut.layout.w).toBeGreaterThan(before.w);
    expect(laidOut.layout.h).toBeGreaterThan(before.h);

    // A date-range filter on the chart's Year; setting it re-queries the tile.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filterDialog = page.getByRole('dialog', { name: 'Dashboard filters' });
    await filterDialog.getByRole('button', { name: 'Add date range' }).click();
    await filterDialog.getByRole('checkbox', { name: CHART }).check();
    await filterDialog.getByRole('button', { name: 'Apply' }).click();
    written = page.waitForResponse(
      (response) =>
        isDashboardWrite(response.url(), dashboard.id) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await written).status()).toBe(200);
    const saved = (await api(e2e.rootUrl, editor, 'GET', `/api/v1/dashboards/${dashboard.id}`))
      .body as Dashboard;
    expect(saved.filters).toHaveLength(1);
    expect(saved.filters[0].bindings).toEqual([
      { chartId: laidOut.chartId, field: expect.any(String) },
    ]);

    await page.getByLabel('Date: from').fill('1975-01-01');
    const requeried = page.waitForResponse((response) => {
      if (!isQuery(response.url())) return false;
      return JSON.stringify(response.request().postDataJSON()).includes('1978-12-31');
    });
    await page.getByLabel('Date: to').fill('1978-12-31');
    expect((await requeried).status()).toBe(200);
    await visible(tile.locator('[data-tile-state="drawn"]'), 20_000);

    // A share link, its address shown once.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const shareDialog = page.getByRole('dialog', { name: 'Share links' });
    await shareDialog.getByLabel('Label').fill(LINK_LABEL);
    await shareDialog.getByRole('button', { name: 'Create link' }).click();
    const address = shareDialog.getByLabel('Link address');
    await visible(address);
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`/share/dashboards/${dashboard.id}/[A-Za-z0-9_-]{22,}$`));

    // A fresh context without sign-in: the shared dashboard draws in the tenant's brand.
    const visitor = await e2e.newPage();
    await visitor.page.goto(url);
    await visible(visitor.page.getByRole('heading', { name: DASHBOARD }), 20_000);
    await visible(visitor.page.locator('[data-tile-state="drawn"]'), 20_000);
    expect((await visitor.page.getByTestId('brand').first().textContent())?.trim()).toBe(brandName);
    expect(await visitor.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    // Revoke it in the editor's context; the visitor's reload shows the message page.
    const row = shareDialog.getByRole('row').filter({ hasText: LINK_LABEL });
    await row.getByRole('button', { name: 'Revoke' }).click();
    const revoked = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await page
      .getByRole('dialog', { name: `Revoke the link "${LINK_LABEL}"?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    expect((await revoked).status()).toBeLessThan(300);

    await visitor.page.reload();
    await visitor.page.waitForURL(/\/messages\/share\/revoked$/, { timeout: 20_000 });
    await visible(visitor.page.getByText('Link revoked'));
    expect(await visitor.page.locator('[data-tile-state]').count()).toBe(0);
    await visitor.context.close();
    await context.close();
  }, 180_000);
});
