import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, visible, useServerAndBrowser } from './harness';

// The analytics journey in Chromium against the real server (with acme's demo
// warehouse): upload a CSV into the warehouse, confirm its types, query it in the data
// explorer, save the query as a dataset, and see a bad query's error at its line.

const TABLE = 'e2e_orders';
const DATASET = 'E2E orders by day';
const CSV = [
  'ordered_on,region,amount,units',
  '2024-01-05,North,120.5,3',
  '2024-01-06,South,80.25,1',
  '2024-02-11,North,42.0,2',
  '2024-02-12,East,310.75,7',
  '2024-03-01,West,15.5,1',
  '2024-03-09,South,99.99,4',
].join('\n');
const CSV_ROWS = 6;

const isSqlAnswer = (url: string) => new URL(url).pathname === '/api/v1/sql';

/** Replaces the SQL editor's text (typed, as a user would) and runs it with Ctrl+Enter. */
async function typeAndRun(page: Page, sql: string) {
  const editor = page.getByRole('textbox', { name: 'SQL editor' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  // Close any completion popup so nothing but the run shortcut acts on the text.
  await page.keyboard.press('Escape');
  const answer = page.waitForResponse((response) => isSqlAnswer(response.url()));
  await page.keyboard.press('Control+Enter');
  return answer;
}

describe('analytics journey in Chromium', () => {
  const e2e = useServerAndBrowser();

  it('uploads a CSV, queries it in the explorer and saves it as a dataset', async () => {
    const { context, page } = await e2e.newPage();
    const site = e2e.siteUrl('acme');
    await page.goto(`${site}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/getting-started|dashboards/);

    // The warehouse data source: upload, review the inferred types, keep the table.
    await page.goto(`${site}/datasources`);
    await page.getByRole('cell', { name: 'Demo warehouse' }).click();
    await page.waitForURL(/\/datasources\/\d+$/);
    await page.getByLabel('File to upload').setInputFiles({
      name: `${TABLE}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await expect.poll(() => page.getByLabel('Table name').inputValue()).toBe(TABLE);
    const uploaded = page.waitForResponse(
      (response) => /\/uploads$/.test(new URL(response.url()).pathname),
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await uploaded).status()).toBe(200);

    const review = page.getByRole('region', { name: `Check the columns of ${TABLE}` });
    await visible(review, 30_000);
    await visible(review.getByText(`${CSV_ROWS} rows and 4 columns were read`, { exact: false }));
    const typeOf = (column: string) => review.getByRole('combobox', { name: `Type of ${column}` });
    await expect.poll(() => typeOf('ordered_on').textContent()).toBe('DATE');
    await expect.poll(() => typeOf('region').textContent()).toBe('VARCHAR');
    await expect.poll(() => typeOf('amount').textContent()).toBe('DOUBLE');
    await expect.poll(() => typeOf('units').textContent()).toMatch(/INT/);
    await review.getByRole('button', { name: 'Keep the table' }).click();
    await visible(page.getByText(`The table ${TABLE} is ready.`));

    const tables = page.getByRole('list', { name: 'Tables' });
    await visible(tables.getByText(TABLE, { exact: true }));
    await tables.getByRole('button', { name: `Show the columns of ${TABLE}` }).click();
    const columns = page.getByRole('list', { name: `Columns of ${TABLE}` });
    await visible(columns.getByText('ordered_on', { exact: true }));
    await visible(columns.getByText('DATE', { exact: true }));

    // The data explorer: pick the warehouse, type a query, run it with Ctrl+Enter.
    await page.goto(`${site}/data-explorer`);
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Demo warehouse' }).click();
    await visible(page.getByRole('list', { name: 'Tables' }).getByText(TABLE, { exact: true }));
    const answer = await typeAndRun(
      page,
      `select ordered_on, region, amount from ${TABLE} order by ordered_on`,
    );
    expect(answer.status()).toBe(200);
    await visible(page.getByRole('status').filter({ hasText: `${CSV_ROWS} rows` }));
    const grid = page.getByRole('grid', { name: 'Results' });
    await visible(grid);
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(CSV_ROWS + 1));
    await expect
      .poll(() => grid.getByRole('columnheader').allTextContents())
      .toEqual(['ordered_on', 'region', 'amount']);
    const firstRow = grid.locator('[role="row"][aria-rowindex="2"]');
    await visible(firstRow.getByText('2024-01-05'));
    await visible(firstRow.getByText('North'));
    await visible(grid.locator('[role="row"][aria-rowindex="5"]').getByText('East'));

    // Save the query as a dataset: its edit page shows the detected fields.
    await page.getByRole('button', { name: 'Save as dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the query as a dataset' });
    await dialog.getByLabel('Name').fill(DATASET);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/datasets\/\d+$/);
    const fieldNames = page.getByTestId('field-name');
    await expect
      .poll(() => fieldNames.allTextContents(), { timeout: 15_000 })
      .toEqual(['ordered_on', 'region', 'amount']);

    // The dataset list shows it with its SQL origin.
    await page.goto(`${site}/datasets`);
    const row = page.getByRole('row').filter({ hasText: DATASET });
    await visible(row);
    await visible(row.getByText('Demo warehouse'));
    await visible(row.getByText(`from ${TABLE}`, { exact: false }));
    await context.close();
  });

  it('shows a bad query’s error and marks the line it points to', async () => {
    const { context, page } = await e2e.newPage();
    const site = e2e.siteUrl('acme');
    await page.goto(`${site}/login`);
    await signIn(page, 'editor');
    await page.waitForURL(/getting-started|dashboards/);
    await page.goto(`${site}/data-explorer`);
    await visible(page.getByRole('textbox', { name: 'SQL editor' }));

    const editor = page.getByRole('textbox', { name: 'SQL editor' });
    await editor.click();
    await page.keyboard.insertText('select origin\nfrom no_such_table\nlimit 5');
    const answered = page.waitForResponse((response) => isSqlAnswer(response.url()));
    await page.keyboard.press('Control+Enter');
    expect((await answered).status()).toBe(400);

    const alert = page.getByRole('alert').filter({ hasText: 'no_such_table' });
    await visible(alert);
    expect(await alert.textContent()).toMatch(/^Line 2: /);
    const marked = page.locator('.cm-line[aria-invalid="true"]');
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.textContent()).toBe('from no_such_table');
    expect(await page.getByRole('grid', { name: 'Results' }).count()).toBe(0);

    // A statement that writes is refused, and the next good query clears the error.
    const refused = await typeAndRun(page, 'drop table flights');
    expect(refused.status()).toBe(400);
    await visible(page.getByRole('alert').filter({ hasText: /read-only|one statement/i }));
    const good = await typeAndRun(page, 'select count(*) as n from flights');
    expect(good.status()).toBe(200);
    await visible(page.getByRole('status').filter({ hasText: '1 row' }));
    // Numbers show grouped in the reader's locale (Chromium here: en-US).
    await visible(
      page.getByRole('grid', { name: 'Results' }).getByText('3,000,000', { exact: true }),
    );
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /read-only/i })
        .count(),
    ).toBe(0);
    await context.close();
  });
});
