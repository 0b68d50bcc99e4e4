import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addAccountWithUsers } from '../api/fixtures';
import { visible, useServerAndBrowser } from './harness';

// Uploading a file is an editor's job. The demo editor uploads a CSV from
// the datasets list, confirms its column types and lands on a new dataset of the new table
// with its fields shown; the new-dataset page offers the same upload, and so does the empty
// datasets list of a new account.

const TABLE = 'editor_sales';
const CSV = [
  'sold_on,region,amount',
  '2024-01-05,North,120.5',
  '2024-02-11,South,80.25',
  '2024-03-01,East,15.5',
].join('\n');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

const datasetName = (page: Page) => page.getByRole('textbox', { name: /^Name/ });

/** Picks the CSV in the upload dialog, uploads it and keeps the table as inferred. */
async function uploadCsv(page: Page, dialog: Locator, { replace = false } = {}) {
  await dialog.getByLabel('File to upload').setInputFiles({
    name: `${TABLE}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect.poll(() => dialog.getByLabel('Table name').inputValue()).toBe(TABLE);
  if (replace) await dialog.getByLabel('Replace the table if it exists').check();
  const uploaded = page.waitForResponse(
    (response) => /\/uploads$/.test(new URL(response.url()).pathname),
    { timeout: 30_000 },
  );
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  expect((await uploaded).status()).toBe(200);
  const review = dialog.getByRole('region', { name: `Check the columns of ${TABLE}` });
  await visible(review, 30_000);
  await visible(review.getByText('3 rows and 3 columns were read', { exact: false }));
  await review.getByRole('button', { name: 'Keep the table' }).click();
}

describe('editors upload from the datasets pages', () => {
  const e2e = useServerAndBrowser();

  it('uploads a CSV from the datasets list and lands on a dataset of the new table', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor');
    await page.goto(`${site}/datasets`);
    const upload = page.getByRole('button', { name: 'Upload a file' });
    const create = page.getByRole('link', { name: 'Create' });
    await visible(upload);
    await visible(create);
    const [uploadBox, createBox] = [await boxOf(upload), await boxOf(create)];
    const apart =
      uploadBox.x + uploadBox.width <= createBox.x || createBox.x + createBox.width <= uploadBox.x;
    expect(apart).toBe(true);

    await upload.click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file as a new dataset' });
    await visible(dialog);
    await uploadCsv(page, dialog);

    await page.waitForURL(/\/datasets\/\d+$/, { timeout: 30_000 });
    await visible(page.getByText(`Dataset "${TABLE}" created from the uploaded file`));
    await visible(page.getByRole('heading', { name: 'Fields' }));
    await expect
      .poll(() => page.getByTestId('field-name').allTextContents())
      .toEqual(['sold_on', 'region', 'amount']);
    expect(await datasetName(page).inputValue()).toBe(TABLE);

    // The list finds the new dataset (searched: it sorts past the first page of demo ones).
    await page.goto(`${site}/datasets`);
    await page.getByPlaceholder('Search').fill(TABLE);
    await visible(page.getByRole('cell', { name: TABLE, exact: true }).first());
    await context.close();
  });

  it('offers the same upload on the new-dataset page, naming a second dataset apart', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor');
    await page.goto(`${site}/datasets/create`);
    await page.getByRole('button', { name: 'Upload a file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file as a new dataset' });
    await visible(dialog);
    await uploadCsv(page, dialog, { replace: true });
    await page.waitForURL(/\/datasets\/\d+$/, { timeout: 30_000 });
    await expect.poll(() => datasetName(page).inputValue()).toBe(`${TABLE} 2`);
    await expect
      .poll(() => page.getByTestId('field-name').allTextContents())
      .toEqual(['sold_on', 'region', 'amount']);
    await context.close();
  });

  it('asks before closing over a table not yet kept, and offers to replace or add to a taken name', async () => {
    const table = 'leave_sales';
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor');
    await page.goto(`${site}/datasets`);
    const openDialog = async () => {
      await page.getByRole('button', { name: 'Upload a file' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload a file as a new dataset' });
      await visible(dialog);
      await dialog.getByLabel('File to upload').setInputFiles({
        name: `${table}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      return dialog;
    };
    const review = (dialog: Locator) =>
      dialog.getByRole('region', { name: `Check the columns of ${table}` });

    let dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(review(dialog), 30_000);
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: `Discard the table "${table}"?` });
    await visible(ask);
    await ask.getByRole('button', { name: 'Go back' }).click();
    await visible(review(dialog));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await ask.getByRole('button', { name: 'Discard and close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Discarded: the same file uploads again, and is kept this time.
    dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(review(dialog), 30_000);
    await review(dialog).getByRole('button', { name: 'Keep the table' }).click();
    await page.waitForURL(/\/datasets\/\d+$/, { timeout: 30_000 });

    // Kept: a third upload of it finds the name taken and offers to replace the table.
    await page.goto(`${site}/datasets`);
    dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const taken = dialog.getByRole('alert').filter({ hasText: `"${table}" already exists` });
    await visible(taken, 30_000);
    await taken.getByRole('button', { name: 'Replace it' }).click();
    await visible(review(dialog), 30_000);
    await review(dialog).getByRole('button', { name: 'Keep the table' }).click();
    await page.waitForURL(/\/datasets\/\d+$/, { timeout: 30_000 });

    // A fourth finds it taken again: its rows are added to the table, with nothing to review.
    await page.goto(`${site}/datasets`);
    dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const takenAgain = dialog.getByRole('alert').filter({ hasText: `"${table}" already exists` });
    await visible(takenAgain, 30_000);
    await takenAgain.getByRole('button', { name: 'Add the rows to it' }).click();
    await visible(dialog.getByText(`The rows were added to ${table}: it now has 6 rows.`), 30_000);
    await expect.poll(() => review(dialog).count()).toBe(0);
    await context.close();
  });

  it('reads numbers with the separators chosen on the form', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor', { width: 390, height: 844 });
    await page.goto(`${site}/datasets`);
    await page.getByRole('button', { name: 'Upload a file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file as a new dataset' });
    await dialog.getByLabel('File to upload').setInputFiles({
      name: 'european_sales.csv',
      mimeType: 'text/csv',
      // Detected, "1,500" in a comma-separated file is 1500; a decimal comma makes it 1.5.
      buffer: Buffer.from('region,amount\nNorth,"1,500"\nSouth,"2,250"\n'),
    });
    // On a phone the form's fields wrap inside the dialog: nothing scrolls sideways.
    await visible(dialog.getByRole('combobox', { name: 'Thousands separator' }));
    const content = dialog.locator('.MuiDialogContent-root');
    const widths = await content.evaluate((node) => [node.scrollWidth, node.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await dialog.getByRole('combobox', { name: 'Decimal separator' }).click();
    await page.getByRole('option', { name: 'Comma (,)' }).click();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const review = dialog.getByRole('region', { name: 'Check the columns of european_sales' });
    await visible(review, 30_000);
    await expect
      .poll(() => review.getByRole('combobox', { name: 'Type of amount' }).textContent())
      .toBe('DOUBLE');
    await review.getByRole('button', { name: 'Discard the table' }).click();
    await context.close();
  });

  it('offers the upload on the empty datasets list of a new account', async () => {
    const app = e2e.app;
    await addAccountWithUsers({ app, config: app.config }, 'freshco', { eddie: 'editor' });
    const site = e2e.siteUrl('freshco');
    const { context, page } = await e2e.signedInPage(site, 'eddie');
    await page.goto(`${site}/datasets`);
    await visible(page.getByText('No datasets yet'));
    await page.getByRole('button', { name: 'Upload a file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file as a new dataset' });
    await uploadCsv(page, dialog);
    await page.waitForURL(/\/datasets\/\d+$/, { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('field-name').allTextContents())
      .toEqual(['sold_on', 'region', 'amount']);
    await context.close();
  });
});
