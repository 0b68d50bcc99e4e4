import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { signedInPage, visible, type E2eServer, useServerAndBrowser } from './harness';

// The demo Flights dashboard as a person sees it on a phone (390 x 844), a tablet (768 wide)
// and right-to-left on a desktop: the tiles' columns and order, KPI numbers and legends that
// fit, a page that does not scroll sideways, a sidebar that nothing overlaps.

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE_SECTIONS = [
  'dashboards',
  'aicharts',
  'datasets',
  'datasources',
  'surveys',
  'users',
  'tokens',
  'messages',
  'auditlogs',
  'getting-started',
  'data-explorer',
  'companies',
];

interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function openFlights(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: /dashboards/i })
    .first()
    .click();
  await page.waitForURL(/\/dashboards/);
  await page.getByText('Flights', { exact: true }).first().click();
  await page.waitForURL(/\/dashboards\/\d+/);
  await visible(page.getByTestId('dashboard-grid').locator('[data-tile-id]').first());
}

/** The tiles' boxes in the order the dashboard lists them (its DOM order). */
async function tileBoxes(page: Page): Promise<Box[]> {
  return page.locator('[data-tile-id]').evaluateAll((tiles) =>
    tiles.map((tile) => {
      const rect = tile.getBoundingClientRect();
      const id = tile.getAttribute('data-tile-id') ?? '';
      return { id, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }),
  );
}

/** Tiles top to bottom, then left to right (as a person reads them). */
const readingOrder = (boxes: Box[]) =>
  [...boxes].sort((a, b) => Math.round(a.y - b.y) || a.x - b.x).map((box) => box.id);

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Every KPI number fits its box on one line. */
async function kpisFit(page: Page): Promise<void> {
  const values = page.getByTestId('kpi-value');
  await visible(values.first(), 60_000);
  const sizes = await values.evaluateAll((nodes) =>
    nodes.map((node) => ({
      text: node.textContent ?? '',
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
      right: node.getBoundingClientRect().right,
      tileRight: node.closest('[data-tile-id]')!.getBoundingClientRect().right,
    })),
  );
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) {
    expect(size.text).not.toBe('');
    expect(size.scrollWidth, size.text).toBeLessThanOrEqual(size.clientWidth);
    expect(size.right, size.text).toBeLessThanOrEqual(size.tileRight);
  }
}

/** Every drawn chart canvas lies inside its tile. */
async function chartsInsideTiles(page: Page): Promise<void> {
  await visible(page.locator('[data-chart-state="drawn"] canvas').first(), 60_000);
  const overflows = await page.locator('[data-tile-id]').evaluateAll((tiles) =>
    tiles.flatMap((tile) => {
      const outer = tile.getBoundingClientRect();
      return [...tile.querySelectorAll('canvas')].flatMap((canvas) => {
        const inner = canvas.getBoundingClientRect();
        const inside =
          inner.left >= outer.left - 1 &&
          inner.right <= outer.right + 1 &&
          inner.top >= outer.top - 1 &&
          inner.bottom <= outer.bottom + 1;
        return inside ? [] : [tile.getAttribute('data-tile-id')];
      });
    }),
  );
  expect(overflows).toEqual([]);
}

/** Every `items` element inside `container` lies within it and shows its text unclipped or ellipsised. */
async function itemsInside(page: Page, container: string, items: string): Promise<void> {
  const outer = (await page.locator(container).first().boundingBox())!;
  const boxes = await page
    .locator(container)
    .first()
    .locator(items)
    .evaluateAll((nodes) =>
      nodes.map((node) => {
        const rect = node.getBoundingClientRect();
        return { text: node.textContent, left: rect.left, right: rect.right };
      }),
    );
  expect(boxes.length).toBeGreaterThan(3);
  for (const box of boxes) {
    expect(box.left, box.text ?? '').toBeGreaterThanOrEqual(outer.x - 1);
    expect(box.right, box.text ?? '').toBeLessThanOrEqual(outer.x + outer.width + 1);
  }
}

describe('dashboards on narrow screens and right-to-left, in Chromium', () => {
  const e2e = useServerAndBrowser();

  it('stacks the Flights tiles in one column on a phone, in reading order', async () => {
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer', PHONE);
    // The phone's menu is a drawer behind the app bar's menu button.
    await page
      .getByRole('button', { name: /open menu|menu/i })
      .first()
      .click();
    await openFlights(page);
    const desktopOrder = readingOrder(await desktopBoxes(e2e.browser, e2e.server));
    await expect
      .poll(async () => new Set((await tileBoxes(page)).map((box) => Math.round(box.x))).size, {
        timeout: 10_000,
      })
      .toBe(1);
    const boxes = await tileBoxes(page);
    expect(boxes.length).toBeGreaterThan(5);
    const column = [...boxes].sort((a, b) => a.y - b.y);
    expect(column.map((box) => box.id)).toEqual(desktopOrder);
    for (const [index, box] of column.entries()) {
      expect(Math.round(box.x)).toBe(Math.round(column[0].x));
      expect(box.width).toBeLessThanOrEqual(PHONE.width);
      if (index > 0)
        expect(box.y).toBeGreaterThanOrEqual(column[index - 1].y + column[index - 1].height);
    }
    await kpisFit(page);
    await chartsInsideTiles(page);
    await noHorizontalScroll(page);
    await context.close();
  });

  it('keeps the app bar, its page title and the lists of every section a tenant admin opens within a phone', async () => {
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'admin', PHONE);
    const wide: string[] = [];
    const clipped: string[] = [];
    for (const section of PHONE_SECTIONS) {
      // Client-side navigation, as the menu does, so that the session stays.
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/${section}`);
      await page.waitForURL(new RegExp(`/${section}`));
      await page.waitForLoadState('networkidle');
      // the section has drawn its content (a list's rows, a form, a message)
      await page.waitForFunction(
        () => (document.querySelector('#main-content')?.textContent ?? '').length > 10,
        undefined,
        { timeout: 15_000 },
      );
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) wide.push(`${section}: ${scrollWidth}`);
      const bar = (await page.locator('header').first().boundingBox())!;
      expect(bar.x + bar.width).toBeLessThanOrEqual(PHONE.width);
      await page.waitForFunction(
        () => (document.querySelector('#react-admin-title')?.textContent ?? '').trim() !== '',
        undefined,
        { timeout: 10_000 },
      );
      const title = await page.locator('#react-admin-title').evaluate((node) => ({
        text: node.textContent ?? '',
        clipped: node.scrollWidth > node.clientWidth,
      }));
      if (title.clipped) clipped.push(`${section}: "${title.text}"`);
    }
    expect(wide).toEqual([]);
    expect(clipped).toEqual([]);
    // The theme switch and the layout settings wait in the user menu, out of the title's way.
    await page
      .getByRole('button', { name: /profile|user|admin/i })
      .last()
      .click();
    await visible(page.getByRole('menuitem', { name: 'Switch to the dark theme' }));
    await visible(page.getByRole('menuitem', { name: 'Layout settings' }));
    await context.close();
  });

  it('lays the tiles out in two columns at 768 wide', async () => {
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'editor', TABLET);
    await openFlights(page);
    // Tiles glide to their places (the grid animates its transforms) once it knows its width.
    const columnCount = async () =>
      new Set((await tileBoxes(page)).map((box) => Math.round(box.x))).size;
    await expect.poll(columnCount, { timeout: 10_000 }).toBe(2);
    const boxes = await tileBoxes(page);
    const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(grid.x + grid.width + 1);
    await kpisFit(page);
    await chartsInsideTiles(page);
    await noHorizontalScroll(page);
    await context.close();
  });

  it('mirrors the grid right-to-left and keeps the sidebar clear of the page', async () => {
    // The admin has the longest menu.
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'admin', DESKTOP);
    await page.getByRole('button', { name: 'Layout settings' }).click();
    const panel = page.getByRole('region', { name: 'Layout settings' });
    await panel.getByLabel('Right-to-left layout').check();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('app-layout').getAttribute('dir')).toBe('rtl');
    // The setting survives a reload, as the theme choice does.
    await page.reload();
    await expect.poll(() => page.getByTestId('app-layout').getAttribute('dir')).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await openFlights(page);

    const sidebar = (await page.locator('.RaSidebar-fixed').boundingBox())!;
    const main = (await page.locator('#main-content').boundingBox())!;
    const menuWidth = await page
      .locator('.RaSidebar-fixed')
      .evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
    expect(menuWidth.scroll).toBeLessThanOrEqual(menuWidth.client);
    await itemsInside(page, '.RaSidebar-fixed', '[data-section], [data-menu-group]');
    // The sidebar sits at the right, and the page ends before it.
    expect(sidebar.x).toBeGreaterThan(main.x);
    expect(main.x + main.width).toBeLessThanOrEqual(sidebar.x + 1);

    // The first tile of the desktop layout (the intro, across the top) and the first KPI
    // (top left in left-to-right) are now at the right.
    const boxes = await tileBoxes(page);
    const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
    const topRow = boxes.filter(
      (box) => Math.round(box.y) === Math.round(Math.min(...boxes.map((b) => b.y))),
    );
    const secondRowY = Math.min(...boxes.filter((box) => box.y > topRow[0].y + 1).map((b) => b.y));
    const secondRow = boxes.filter((box) => Math.abs(box.y - secondRowY) < 1);
    expect(secondRow.length).toBeGreaterThan(1);
    const firstInList = secondRow[0];
    expect(firstInList.x + firstInList.width).toBeGreaterThan(grid.x + grid.width - 20);
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(grid.x - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(grid.x + grid.width + 1);
    }
    // Charts read left to right: their canvases' containers stay LTR.
    const chartDirections = await page
      .locator('[data-chart-state] canvas')
      .evaluateAll((nodes) => [...new Set(nodes.map((node) => getComputedStyle(node).direction))]);
    expect(chartDirections.length).toBeGreaterThan(0);
    expect(chartDirections).toEqual(['ltr']);
    // Numbers in a right-to-left page are isolated, so that "+1.3%" reads as written.
    await kpisFit(page);
    const kpiBidi = await page
      .getByTestId('kpi-value')
      .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).unicodeBidi));
    expect(new Set(kpiBidi)).toEqual(new Set(['isolate']));
    expect(await page.getByTestId('kpi-change').locator('bdi').count()).toBeGreaterThan(0);
    const tableCells = page.locator('[data-tile-id] tbody td');
    await visible(tableCells.first(), 60_000);
    expect(await tableCells.first().locator('bdi').count()).toBe(1);
    await noHorizontalScroll(page);
    await chartsInsideTiles(page);

    // An English "1-5 of 5" under a list reads as written, not "of 5 1-5".
    // client-side, as the menu does
    await page.evaluate(() => {
      window.history.pushState({}, '', '/users');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/users$/);
    const list = page.locator('#main-content .RaList-main');
    await visible(list.getByText('viewer@acme.example'));
    // Measured once the list has drawn (the dashboard's own tiles are gone by then).
    await expect
      .poll(() => readsLeftToRight(list.locator('.MuiTablePagination-displayedRows'), '1', 'of'))
      .toBe(true);
    await expect
      .poll(() => readsLeftToRight(list.locator('.MuiTablePagination-selectLabel'), 'Rows', ':'))
      .toBe(true);
    await context.close();
  });
});

/** Whether `first` is drawn left of `then` in the element's text (bidi reordering undone). */
async function readsLeftToRight(locator: Locator, first: string, then: string): Promise<boolean> {
  return locator.evaluate(
    (node, [a, b]) => {
      const text = node.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('no text in the element');
      const content = text.textContent ?? '';
      const leftOf = (needle: string) => {
        const range = document.createRange();
        const at = content.indexOf(needle);
        if (at < 0) throw new Error(`"${needle}" not in "${content}"`);
        range.setStart(text, at);
        range.setEnd(text, at + needle.length);
        return range.getBoundingClientRect().left;
      };
      return leftOf(a) < leftOf(b);
    },
    [first, then],
  );
}

/** The Flights tiles' boxes on a desktop, for their reading order. */
async function desktopBoxes(browser: Browser, server: E2eServer): Promise<Box[]> {
  const { context, page } = await signedInPage(browser, server.siteUrl('acme'), 'viewer', DESKTOP);
  await openFlights(page);
  const boxes = await settledBoxes(page);
  await context.close();
  return boxes;
}

/** The tiles' boxes once two reads a moment apart agree (the grid animates into place). */
async function settledBoxes(page: Page): Promise<Box[]> {
  let last = JSON.stringify(await tileBoxes(page));
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(250);
        const now = JSON.stringify(await tileBoxes(page));
        const stable = now === last;
        last = now;
        return stable;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return JSON.parse(last) as Box[];
}
