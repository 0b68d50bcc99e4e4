import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../common/charts';
import { api, login } from '../api/harness';
import { E2E_PASSWORD, visible, useServerAndBrowser } from './harness';

// Tabs in Chromium: a copy of the demo Flights dashboard on two tabs, "Overview" (its first
// two charts) and "Details" (the rest, under a heading). A viewer switches tabs and the
// address follows; the address with a tab opens that tab, in a share link too.

describe('dashboard tabs in the browser', () => {
  const e2e = useServerAndBrowser();

  it('switches tabs, with the tab in the address, and a share link opens the tab it names', async () => {
    const editor = await login(e2e.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    const listed = await api(e2e.rootUrl, editor, 'GET', '/api/v1/dashboards?range=[0,199]');
    const flights = (listed.body as Dashboard[]).find((dashboard) => dashboard.name === 'Flights')!;
    const charts = flights.tiles.filter((tile) => tile.kind === 'chart');
    const tiles = [
      ...charts.map((tile, index) => ({ ...tile, tabId: index < 2 ? 'overview' : 'details' })),
      {
        id: 'heading',
        kind: 'heading',
        heading: 'In detail',
        tabId: 'details',
        layout: { x: 0, y: 0, w: 12, h: 1 },
      },
    ];
    const created = await api(e2e.rootUrl, editor, 'POST', '/api/v1/dashboards', {
      name: 'Flights on tabs',
      tabs: [
        { id: 'overview', title: 'Overview' },
        { id: 'details', title: 'Details' },
      ],
      tiles,
      filters: flights.filters,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body as Dashboard).id;

    const { page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'viewer');
    await page.goto(`${e2e.siteUrl('acme')}/dashboards/${id}`);
    const tabs = page.getByRole('tablist', { name: 'Dashboard tabs' });
    await visible(tabs, 60_000);
    const overview = tabs.getByRole('tab', { name: 'Overview' });
    await expect(overview.getAttribute('aria-selected')).resolves.toBe('true');
    await visible(page.locator('[data-tile-state="drawn"]').first(), 60_000);
    await expect(page.locator('[data-tile-kind="chart"]').count()).resolves.toBe(2);

    await tabs.getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/[?&]tab=details/);
    await visible(page.getByRole('heading', { name: 'In detail', level: 2 }));
    await expect(page.locator('[data-tile-kind="chart"]').count()).resolves.toBe(charts.length - 2);
    // The arrow keys move between the tabs.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]tab=overview/);

    const link = await api(e2e.rootUrl, editor, 'POST', `/api/v1/dashboards/${id}/shareLinks`, {
      label: 'Tabs',
    });
    const { url } = link.body as { url: string };
    await page.goto(`${e2e.siteUrl('acme')}${url}?tab=details`);
    const sharedTabs = page.getByRole('tablist', { name: 'Dashboard tabs' });
    await visible(sharedTabs, 60_000);
    await expect(
      sharedTabs.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await visible(page.getByRole('heading', { name: 'In detail', level: 2 }));
  });
});
