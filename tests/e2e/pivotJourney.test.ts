import { describe, expect, it } from 'vitest';
import type { SavedChart } from '../../common/charts';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// A pivot chart in Chromium over the demo Flights: an editor picks the pivot type in the
// builder and is offered its layout; a saved pivot opens on a phone, scrolls sideways inside
// its own box (the page does not) and folds a group with the keyboard, and draws as a
// dashboard tile.

const PHONE = { width: 390, height: 844 };

describe('pivot tables in Chromium', () => {
  let editor: Session;
  let flightsId: number;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      editor = await login(server.rootUrl, 'acme', 'editor', E2E_PASSWORD);
      const listed = await api(server.rootUrl, editor, 'GET', '/api/v1/datasets?range=[0,99]');
      const flights = (listed.body as { id: number; name: string }[]).find(
        (dataset) => dataset.name === 'Flights',
      );
      flightsId = flights!.id;
    },
  });

  it('offers the pivot layout in the builder', async () => {
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor');
    await page.goto(`${site}/aicharts/create`);
    await page.getByRole('combobox', { name: 'Dataset' }).click();
    await page.getByRole('option', { name: 'Flights', exact: true }).click();
    await page.getByRole('button', { name: 'Pivot table' }).click();
    const layout = page.getByRole('region', { name: 'Pivot layout' });
    await visible(layout.getByText(/Add dimensions below/));
    const totals = layout.getByRole('checkbox', { name: 'Totals', exact: true });
    await expect.poll(() => totals.isChecked()).toBe(true);
    await context.close();
  });

  it('opens on a phone, scrolls inside its box and folds a group with the keyboard', async () => {
    const created = await api(e2e.rootUrl, editor, 'POST', '/api/v1/aicharts', {
      datasetId: flightsId,
      name: 'E2E pivot',
      spec: {
        type: 'pivot',
        title: 'Flights by origin, destination and quarter',
        query: {
          datasetId: flightsId,
          dimensions: [
            { field: 'origin' },
            { field: 'destination' },
            { field: 'date', grain: 'quarter' },
          ],
          measures: [
            { field: '*', agg: 'count' },
            { field: 'delay', agg: 'avg' },
          ],
          filters: [{ field: 'origin', op: 'in', value: ['SEA', 'PDX'] }],
          sort: [],
        },
        encoding: {},
        options: {
          pivot: { columns: ['date'], totals: true, subtotals: true, colorScale: true },
        },
      },
    });
    expect(created.status).toBe(200);
    const chart = created.body as SavedChart;
    const site = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(site, 'editor', PHONE);
    await page.goto(`${site}/aicharts/${chart.id}/show`);
    const table = page.getByRole('table', { name: 'Flights by origin, destination and quarter' });
    await visible(table, 20_000);
    await visible(page.locator('[data-chart-state="drawn"]'));
    const box = page.locator('[data-chart-state="drawn"]');
    const widths = await box.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.page).toBeLessThanOrEqual(PHONE.width);

    const fold = page.getByRole('button', { name: 'Collapse SEA' });
    const rowsBefore = await table.locator('tbody tr').count();
    await fold.focus();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('button', { name: 'Expand SEA' }));
    expect(await table.locator('tbody tr').count()).toBeLessThan(rowsBefore);
    await page.screenshot({ path: 'test-results/pivot-phone.png' });

    // On a dashboard the tile asks /query/pivot and draws the same table.
    const board = await api(e2e.rootUrl, editor, 'POST', '/api/v1/dashboards', {
      name: 'E2E pivot board',
      tiles: [{ id: 't1', kind: 'chart', chartId: chart.id, layout: { x: 0, y: 0, w: 12, h: 8 } }],
      filters: [],
    });
    expect(board.status).toBe(200);
    const asked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/query/pivot',
    );
    await page.goto(`${site}/dashboards/${(board.body as { id: number }).id}`);
    expect((await asked).status()).toBe(200);
    await visible(page.locator('[data-tile-state="drawn"]'), 20_000);
    await visible(page.getByRole('button', { name: 'Collapse PDX' }));
    await context.close();
  });
});
