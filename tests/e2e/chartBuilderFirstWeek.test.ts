import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dataset } from '../../common/analytics';
import type { SavedChart } from '../../common/charts';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// In Chromium, over the demo Cars and Flights data: every kind of chart a question
// can answer is drawn (scatters drew nothing), the chart comes first beside the question, the
// explorer's Visualise draws its rows before anything is saved, and the question box offers
// examples of the chosen dataset only.

const pathOf = (url: string) => new URL(url).pathname;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Pixels of the chart's canvas in a saturated colour: bars, slices, points, not axes or text. */
async function colouredPixels(page: Page): Promise<number> {
  return page
    .locator('[data-chart-state="drawn"] canvas')
    .evaluateAll((canvases: HTMLCanvasElement[]) => {
      let count = 0;
      for (const canvas of canvases) {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
          if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60) count += 1;
        }
      }
      return count;
    });
}

/** Opens a new chart, picks the dataset and asks; answers once the chart's query answered. */
async function ask(page: Page, site: string, dataset: string, question: string) {
  await page.goto(`${site}/aicharts/create`);
  const askBox = page.getByRole('region', { name: 'Ask a question' });
  await askBox.getByRole('combobox', { name: 'About' }).click();
  await page.getByRole('option', { name: dataset, exact: true }).click();
  const field = askBox.getByRole('combobox', { name: 'Question' });
  await field.fill(question);
  const asked = page.waitForResponse(
    (response) => pathOf(response.url()) === '/api/v1/aicharts/ask',
  );
  const queried = page.waitForResponse((response) => pathOf(response.url()) === '/api/v1/query');
  await field.press('Enter');
  expect((await asked).status()).toBe(200);
  expect((await queried).status()).toBe(200);
  return askBox;
}

const DRAWN_ON_CANVAS: Array<[string, string]> = [
  ['horsepower vs weight by origin', 'scatter'],
  ['horsepower vs miles per gallon', 'scatter'],
  ['average horsepower by origin', 'column'],
  ['average horsepower by origin as a bar chart', 'bar'],
  ['number of rows by origin and cylinders as a stacked bar chart', 'stacked'],
  ['average miles per gallon by year', 'line'],
  ['average miles per gallon by year as an area chart', 'area'],
  ['share of rows by origin', 'pie'],
  ['number of rows by origin as a donut chart', 'donut'],
  ['number of rows by origin and cylinders as a heatmap', 'heatmap'],
  ['distribution of horsepower', 'histogram'],
];

describe('chart builder, first week, in Chromium', () => {
  let editor: Session;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      editor = await login(server.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    },
  });

  it.each(DRAWN_ON_CANVAS)(
    'asks "%s" and draws a %s with marks on the canvas',
    async (question, type) => {
      const site = e2e.siteUrl('acme');
      const { context, page } = await e2e.signedInPage(site, 'editor', DESKTOP);
      const chartAsked = page.waitForResponse(
        (response) => pathOf(response.url()) === '/api/v1/aicharts/ask',
      );
      await ask(page, site, 'Cars', question);
      const answer = (await (await chartAsked).json()) as { spec: { type: string } };
      expect(answer.spec.type).toBe(type);
      await visible(page.locator('[data-chart-state="drawn"]'), 20_000);
      expect(await colouredPixels(page)).toBeGreaterThan(100);
      await context.close();
    },
  );

  it('draws the single number and the table a question asks for', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor', DESKTOP);
    await ask(page, site, 'Cars', 'average horsepower');
    await visible(page.getByTestId('chart-area').locator('[data-chart-state="drawn"]'), 20_000);
    await expect.poll(() => page.getByTestId('kpi-value').textContent()).toMatch(/^\d/);

    await ask(page, site, 'Cars', 'average horsepower by origin as a table');
    const table = page.getByTestId('chart-area').getByRole('table');
    await visible(table, 20_000);
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    await context.close();
  });

  it('shows the chart first: beside the question on a desktop, before the panels on a phone', async () => {
    const site = e2e.siteUrl('acme');
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await e2e.signedInPage(site, 'editor', viewport);
      const askBox = await ask(page, site, 'Cars', 'average horsepower by origin');
      const chart = page.getByTestId('chart-area').locator('[data-chart-state="drawn"]');
      await visible(chart, 20_000);
      const chartBox = (await chart.boundingBox())!;
      const askBottom = await askBox.evaluate((box) => box.getBoundingClientRect().bottom);
      const panels = (await page.getByTestId('builder-panels').boundingBox())!;
      expect(chartBox.y).toBeGreaterThanOrEqual(askBottom);
      if (viewport === DESKTOP) {
        expect(chartBox.y).toBeLessThan(DESKTOP.height);
        // the editing panels at the chart's side
        expect(panels.x).toBeGreaterThanOrEqual(chartBox.x + chartBox.width);
      } else {
        expect(panels.y).toBeGreaterThanOrEqual(chartBox.y + chartBox.height);
      }
      await context.close();
    }
  });

  it("draws the explorer's rows at Visualise and saves a dataset only with the chart", async () => {
    const site = e2e.siteUrl('acme');
    const datasetsBefore = await api(e2e.rootUrl, editor, 'GET', '/api/v1/datasets?range=[0,499]');
    const { context, page } = await e2e.signedInPage(site, 'editor', DESKTOP);
    await page.goto(`${site}/data-explorer`);
    const editorBox = page.getByRole('textbox', { name: 'SQL editor' });
    await visible(editorBox);
    await editorBox.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(
      'SELECT origin, count(*) AS flights FROM flights GROUP BY origin ORDER BY flights DESC LIMIT 8',
    );
    await page.keyboard.press('Escape');
    const ran = page.waitForResponse((response) => pathOf(response.url()) === '/api/v1/sql');
    await page.keyboard.press('Control+Enter');
    expect((await ran).status()).toBe(200);
    await page.getByRole('button', { name: 'Visualise' }).click();
    await page.waitForURL(/\/aicharts\/create$/);
    await visible(page.locator('[data-chart-state="drawn"]'), 20_000);
    expect(await colouredPixels(page)).toBeGreaterThan(100);
    const datasetsNow = await api(e2e.rootUrl, editor, 'GET', '/api/v1/datasets?range=[0,499]');
    expect((datasetsNow.body as Dataset[]).length).toBe((datasetsBefore.body as Dataset[]).length);

    // Saving the chart keeps the query as a dataset and charts it.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the chart' });
    await dialog.getByLabel('Name').fill('E2E flights per origin');
    const saved = page.waitForResponse(
      (response) =>
        pathOf(response.url()) === '/api/v1/aicharts' && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const savedResponse = await saved;
    expect(savedResponse.status()).toBe(200);
    const chart = (await savedResponse.json()) as SavedChart;
    const datasetsAfter = await api(e2e.rootUrl, editor, 'GET', '/api/v1/datasets?range=[0,499]');
    const created = (datasetsAfter.body as Dataset[]).find(
      (dataset) => dataset.name === 'E2E flights per origin',
    );
    expect(created?.id).toBe(chart.spec.query.datasetId);
    expect(chart.spec.query.dimensions).toEqual([{ field: 'origin' }]);
    await visible(page.locator('[data-chart-state="drawn"]'), 20_000);
    await context.close();
  });

  it("suggests a question of the chosen dataset's own fields", async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor', DESKTOP);
    await page.goto(`${site}/aicharts/create`);
    const askBox = page.getByRole('region', { name: 'Ask a question' });
    await askBox.getByRole('combobox', { name: 'About' }).click();
    await page.getByRole('option', { name: 'Cars', exact: true }).click();
    const field = askBox.getByRole('combobox', { name: 'Question' });
    await expect
      .poll(() => field.getAttribute('placeholder'))
      .toMatch(/^e\.g\. .*(horsepower|miles per gallon|origin)/);
    expect(await field.getAttribute('placeholder')).not.toMatch(/delay/);
    await context.close();
  });
});
