import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { visible, useServerAndBrowser } from './harness';

// The data explorer as a SQL user meets it, signed in as acme's editor
// (the explorer is for editors and admins): completion of the statement's columns, results
// formatted by type in a grid that fills the window, Download CSV, Visualise into the chart
// builder, and on a phone the schema browser in a drawer.

const QUERY =
  'SELECT origin, count(*) AS flights, sum(distance) AS total_distance ' +
  'FROM flights GROUP BY origin ORDER BY flights DESC LIMIT 50';
const HEADER = 'origin,flights,total_distance';

const isSqlAnswer = (url: string) => new URL(url).pathname === '/api/v1/sql';

async function openExplorer(page: Page, site: string) {
  await page.goto(`${site}/data-explorer`);
  await visible(page.getByRole('textbox', { name: 'SQL editor' }));
}

/** Waits for the warehouse's tables, which completion needs. */
async function schemaLoaded(page: Page) {
  await visible(page.getByRole('list', { name: 'Tables' }).getByText('flights', { exact: true }));
}

/** Replaces the editor's text (typed, as a user would) and runs it with Ctrl+Enter. */
async function typeAndRun(page: Page, sql: string) {
  await page.getByRole('textbox', { name: 'SQL editor' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('Escape');
  const answer = page.waitForResponse((response) => isSqlAnswer(response.url()));
  await page.keyboard.press('Control+Enter');
  return answer;
}

describe('data explorer in Chromium', () => {
  let site: string;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      site = server.siteUrl('acme');
    },
  });

  it("offers the bare columns of the statement's table, not keywords or other tables' columns", async () => {
    const { context, page } = await e2e.signedInPage(site, 'editor', {
      width: 1440,
      height: 900,
    });
    await openExplorer(page, site);
    await schemaLoaded(page);
    const editor = page.getByRole('textbox', { name: 'SQL editor' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('\nFROM flights');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('SELECT ori');
    const options = page.locator('.cm-tooltip-autocomplete [role="option"]');
    await visible(options.first());
    const labels = await options.locator('.cm-completionLabel').allTextContents();
    expect(labels).toContain('origin');
    // cars has an "Origin" column: not in this statement, so not offered.
    expect(labels).not.toContain('Origin');
    expect(labels).not.toContain('SELECT');
    // CodeMirror ignores keys for a moment after the list opens (interactionDelay), and a busy
    // machine may still be drawing it: choose the entry as a mouse user would.
    await options
      .filter({ has: page.locator('.cm-completionLabel', { hasText: /^origin$/ }) })
      .click();
    await expect.poll(() => editor.textContent()).toBe('SELECT originFROM flights');
    await context.close();
  });

  it('runs a query into a grid that fills the window, numbers grouped, with Download CSV and Visualise', async () => {
    const viewport = { width: 1440, height: 900 };
    const { context, page } = await e2e.signedInPage(site, 'editor', viewport);
    await openExplorer(page, site);
    await schemaLoaded(page);
    const answer = await typeAndRun(page, QUERY);
    expect(answer.status()).toBe(200);
    const grid = page.getByRole('grid', { name: 'Results' });
    await visible(grid);

    // Flight counts per airport run into the thousands: shown with grouping.
    const counts = await grid
      .locator('[role="row"][aria-rowindex="2"] [role="gridcell"]')
      .allTextContents();
    expect(counts[1]).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(counts[2]).toMatch(/^\d{1,3}(,\d{3})+$/);

    // The grid reaches down to the window's bottom (less a margin) and scrolls inside.
    const box = (await grid.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 80);
    expect(await grid.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(
      true,
    );

    // Download CSV: every row returned, under a header row.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(51);
    expect(lines[1]).toMatch(/^[A-Z]{3},\d+,\d+(\.\d+)?$/);

    // Visualise: the chart builder on the query as a draft; saved only when asked.
    await page.getByRole('button', { name: 'Visualise' }).click();
    await page.waitForURL(/\/aicharts\/create$/);
    const draft = page.getByRole('region', { name: 'Chart your query' });
    await visible(draft);
    await expect
      .poll(() => draft.getByRole('listitem').allTextContents())
      .toEqual(['origin', 'flights', 'total_distance']);
    await visible(draft.getByText(QUERY));
    await draft.getByRole('button', { name: 'Save dataset and chart it' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Query from the explorer' }));
    const fields = page.getByRole('navigation', { name: 'Fields' });
    await visible(fields.getByRole('button', { name: /Add origin/i }));
    await visible(fields.getByRole('button', { name: /Add total distance|Add total_distance/i }));
    await context.close();
  });

  it('puts the schema browser in a drawer on a phone, opened by a button', async () => {
    const { context, page } = await e2e.signedInPage(site, 'editor', {
      width: 390,
      height: 844,
    });
    await openExplorer(page, site);
    const schema = page.getByRole('complementary', { name: 'Schema' });
    const button = page.getByRole('button', { name: 'Schema' });
    await visible(button);
    expect(await schema.count()).toBe(0);
    const editorBox = (await page.getByTestId('sql-editor').boundingBox())!;
    expect(editorBox.width).toBeGreaterThan(300);

    await button.click();
    await visible(schema);
    await visible(schema.getByText('flights', { exact: true }));
    const drawerBox = (await schema.boundingBox())!;
    expect(drawerBox.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await schema.waitFor({ state: 'hidden' });
    await context.close();
  });
});
