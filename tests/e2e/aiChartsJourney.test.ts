import { describe, expect, it } from 'vitest';
import type { Dashboard, SavedChart } from '../../common/charts';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// The AI charts journey in Chromium against the real server and the demo warehouse: an editor
// asks a question about Cars with the help of suggestions, changes the aggregation on the
// interpretation's chip (the chart follows), saves the chart and adds it to a new dashboard.

const CHART = 'E2E asked horsepower';
const DASHBOARD = 'E2E asked board';

const pathOf = (url: string) => new URL(url).pathname;

describe('AI charts journey in Chromium', () => {
  let editor: Session;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      editor = await login(server.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    },
  });

  it('asks a question, edits a token, saves the chart and adds it to a dashboard', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor');

    await page.goto(`${site}/aicharts/create`);
    const askBox = page.getByRole('region', { name: 'Ask a question' });
    await askBox.getByRole('combobox', { name: 'About' }).click();
    await page.getByRole('option', { name: 'Cars', exact: true }).click();
    // Example questions made from the dataset's own fields.
    await visible(askBox.getByText('Try'));

    // Suggestions complete the word being typed.
    const question = askBox.getByRole('combobox', { name: 'Question' });
    await question.fill('average horsep');
    await visible(page.getByRole('option', { name: /Horsepower/ }).first());
    await question.fill('average horsepower by origin');
    await visible(askBox.getByTestId('reading-preview'));
    const asked = page.waitForResponse(
      (response) => pathOf(response.url()) === '/api/v1/aicharts/ask',
    );
    await question.press('Enter');
    expect((await asked).status()).toBe(200);
    await visible(page.locator('[data-chart-state="drawn"]'), 20_000);

    // The interpretation: change the measure's aggregation on its chip; the chart re-queries.
    const chips = askBox.getByRole('group', { name: 'How the question was understood' });
    const measure = chips.locator('[data-token-kind="measure"]');
    await expect.poll(() => measure.textContent()).toMatch(/average/i);
    await expect
      .poll(() => chips.locator('[data-token-kind="dimension"]').textContent())
      .toBe('Origin');
    const requeried = page.waitForResponse(
      (response) =>
        pathOf(response.url()) === '/api/v1/query' &&
        JSON.stringify(response.request().postDataJSON()).includes('"agg":"max"'),
    );
    await measure.click();
    await page.getByRole('menuitem', { name: 'Maximum' }).click();
    expect((await requeried).status()).toBe(200);
    await expect.poll(() => measure.textContent()).toMatch(/maximum/i);
    await visible(page.locator('[data-chart-state="drawn"]'), 20_000);

    // Save it as a chart.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the chart' });
    await dialog.getByLabel('Name').fill(CHART);
    const saved = page.waitForResponse(
      (response) =>
        pathOf(response.url()) === '/api/v1/aicharts' && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const savedResponse = await saved;
    expect(savedResponse.status()).toBe(200);
    const chart = (await savedResponse.json()) as SavedChart;
    expect(chart.spec.query.measures).toEqual([{ field: 'Horsepower', agg: 'max' }]);
    expect(chart.spec.query.dimensions).toEqual([{ field: 'Origin' }]);

    // Add it to a new dashboard.
    await page.getByRole('button', { name: 'Add to dashboard' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to dashboard' });
    await addDialog.getByRole('combobox', { name: 'Dashboard' }).click();
    await page.getByRole('option', { name: 'A new dashboard' }).click();
    await addDialog.getByLabel('Name of the new dashboard').fill(DASHBOARD);
    await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await addDialog.waitFor({ state: 'hidden' });
    const listed = await api(e2e.rootUrl, editor, 'GET', '/api/v1/dashboards?range=[0,199]');
    const dashboard = (listed.body as Dashboard[]).find((found) => found.name === DASHBOARD);
    expect(dashboard?.tiles.map((tile) => tile.chartId)).toEqual([chart.id]);

    await page.goto(`${site}/dashboards/${dashboard!.id}`);
    await visible(page.locator('[data-tile-state="drawn"]'), 20_000);
    await context.close();
  });
});
