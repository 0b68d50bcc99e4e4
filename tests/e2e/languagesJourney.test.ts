import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ar } from '../../src/ui/i18n/ar';
import { fr } from '../../src/ui/i18n/fr';
import { pageTexts, rawKeysIn } from '../../scripts/walk/untranslated';
import { E2E_PASSWORD, visible, useServerAndBrowser, type E2eServer } from './harness';

// In Chromium against the real server: acme's default language is Arabic, so its sign-in page
// and a dashboard read right to left with nothing overlapping (the app bar's items, the
// dashboard's tiles) and show no raw message key; a user who chose French sees the dashboard
// and the question box in French.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Two boxes share some area (touching edges do not count). */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 &&
  b.x < a.x + a.width - 1 &&
  a.y < b.y + b.height - 1 &&
  b.y < a.y + a.height - 1;

function overlapping(boxes: Box[]): [number, number][] {
  const pairs: [number, number][] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b, j) => {
      if (overlap(a, b)) pairs.push([i, i + j + 1]);
    }),
  );
  return pairs;
}

/** The shown boxes of `items`, leaving out those inside another of them. */
async function outermostBoxes(items: Locator): Promise<Box[]> {
  return items.evaluateAll((elements) =>
    elements
      .filter((element) => !elements.some((other) => other !== element && other.contains(element)))
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map((rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height })),
  );
}

async function rawKeysOn(page: Page): Promise<string[]> {
  return rawKeysIn(await page.evaluate(pageTexts));
}

async function acmeId(server: E2eServer): Promise<number> {
  const row = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function flightsDashboardId(server: E2eServer): Promise<number> {
  const row = await server.app.db
    .selectFrom('dashboards')
    .select('id')
    .where('account_id', '=', await acmeId(server))
    .where('name', '=', 'Flights')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function signInByFields(page: Page, username: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(E2E_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { waitUntil: 'commit' });
}

describe('languages in Chromium', () => {
  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      await server.app.db
        .updateTable('company_profiles')
        .set({ language: 'ar' })
        .where('account_id', '=', await acmeId(server))
        .execute();
      await server.app.db
        .updateTable('users')
        .set({ language: 'fr' })
        .where('account_id', '=', await acmeId(server))
        .where('username', '=', 'editor')
        .execute();
    },
  });

  it('shows an Arabic tenant’s sign-in page and dashboard right to left, nothing overlapping', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const site = e2e.siteUrl('acme');
    await page.goto(`${site}/login`);
    await visible(page.getByRole('button', { name: ar.public.login.submit }));
    expect(
      await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
    ).toEqual(['rtl', 'ar']);
    const submit = await page.getByRole('button', { name: ar.public.login.submit }).boundingBox();
    const username = await page.locator('input[name="username"]').boundingBox();
    expect(overlap(submit!, username!)).toBe(false);
    expect(await rawKeysOn(page)).toEqual([]);

    await signInByFields(page, 'viewer');
    await page.goto(`${site}/dashboards/${await flightsDashboardId(e2e.server)}`);
    const tiles = page.getByTestId('dashboard-grid').locator('[data-tile-id]');
    await visible(tiles.first(), 30000);
    await visible(page.locator('[data-tile-state="drawn"]').first(), 30000);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    const tileBoxes = await outermostBoxes(tiles);
    expect(tileBoxes.length).toBeGreaterThan(1);
    expect(overlapping(tileBoxes)).toEqual([]);
    // Mirrored: the first tile (the grid's first column) stands on the right.
    const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
    expect(tileBoxes[0].x + tileBoxes[0].width).toBeGreaterThan(grid.x + grid.width / 2);

    const barItems = page.locator('header').first().locator('button, a, h1, h2, h6, img');
    const barBoxes = await outermostBoxes(barItems);
    expect(barBoxes.length).toBeGreaterThan(2);
    expect(overlapping(barBoxes)).toEqual([]);
    expect(await rawKeysOn(page)).toEqual([]);
    await context.close();
  });

  it('shows a French user’s dashboard and question box in French', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const site = e2e.siteUrl('acme');
    await page.goto(`${site}/login`);
    await signInByFields(page, 'editor');
    await page.goto(`${site}/dashboards/${await flightsDashboardId(e2e.server)}`);
    await visible(page.getByTestId('dashboard-grid').locator('[data-tile-id]').first(), 30000);
    await visible(page.getByRole('button', { name: fr.app.appBar.toggleMenu }));
    expect(
      await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
    ).toEqual(['ltr', 'fr']);
    expect(await rawKeysOn(page)).toEqual([]);

    await page.goto(`${site}/aicharts/create`);
    await visible(page.getByText(fr.charts.ask.title, { exact: true }).first(), 30000);
    await visible(page.getByRole('button', { name: fr.charts.ask.ask, exact: true }));
    expect(await page.getByText('Ask a question', { exact: true }).count()).toBe(0);
    // A question in French, understood by the French parser: a chart is drawn.
    const askBox = page.getByRole('region', { name: fr.charts.ask.title });
    await askBox.getByRole('combobox', { name: fr.charts.ask.dataset }).click();
    await page.getByRole('option', { name: 'Cars', exact: true }).click();
    await visible(askBox.getByText(fr.charts.ask.examples));
    const question = askBox.getByRole('combobox', { name: fr.charts.ask.question });
    await question.fill('puissance moyenne par origine');
    const asked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/aicharts/ask',
    );
    await question.press('Enter');
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ language: 'fr' });
    await visible(page.locator('[data-chart-state="drawn"]'), 20_000);
    expect(await rawKeysOn(page)).toEqual([]);
    await context.close();
  });
});
