import { describe, expect, it } from 'vitest';
import { RENDER_ERROR_TEXT } from '../../src/app/layout/RenderErrorBoundary';
import { visible, useServerAndBrowser } from './harness';

// In Chromium: a page loaded before a deploy asks for a chunk that is gone
// (404): it reloads once to get the new version; when the chunk is still missing after that
// reload, it shows the error page instead of reloading again. A person navigating to an API
// address gets a page, not JSON.

describe('a stale web app in Chromium', () => {
  const e2e = useServerAndBrowser();

  it('reloads once when a lazily loaded chunk answers 404, then shows the error page', async () => {
    const { context, page } = await e2e.newPage();
    const chunkRequests: string[] = [];
    // The deploy removed the forgotten-password page's chunk.
    await page.route('**/assets/ForgotPasswordPage-*.js', (route) => {
      chunkRequests.push(route.request().url());
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
    });
    const documentLoads: string[] = [];
    page.on('load', () => documentLoads.push(page.url()));

    await page.goto(`${e2e.siteUrl('acme')}/login`);
    await visible(page.getByRole('button', { name: /sign in/i }));
    expect(documentLoads).toHaveLength(1);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();

    await visible(page.getByRole('alert').filter({ hasText: RENDER_ERROR_TEXT }));
    // The first load, and exactly one reload, on the page that failed.
    expect(documentLoads).toEqual([
      `${e2e.siteUrl('acme')}/login`,
      `${e2e.siteUrl('acme')}/forgot-password`,
    ]);
    expect(chunkRequests.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('loads the page normally when the chunk is there', async () => {
    const { context, page } = await e2e.newPage();
    const documentLoads: string[] = [];
    page.on('load', () => documentLoads.push(page.url()));
    await page.goto(`${e2e.siteUrl('acme')}/forgot-password`);
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
    expect(documentLoads).toHaveLength(1);
    await context.close();
  });

  it('shows a page, never raw JSON, to a person opening an API address', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.siteUrl('acme')}/api/v1/companyProfile`);
    await visible(page.getByRole('link', { name: 'Open the app' }));
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('statusCode');
    await page.getByRole('link', { name: 'Open the app' }).click();
    await page.waitForURL(`${e2e.siteUrl('acme')}/login`);

    // A section's address opens that section (here: sign-in first, remembering it).
    await page.goto(`${e2e.siteUrl('acme')}/api/v1/dashboards`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboards/);
    await context.close();
  });
});
