import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, visible, useServerAndBrowser } from './harness';

// In Chromium: a tenant's host never names the platform's
// product nor sells it (public pages, signed-in pages, the tab title while loading); the brand
// links to the app's home with the website beside it; the root host asks for nothing it does
// not have; a platform admin opening a tenant's address meets that tenant's sign-in page.

const PRODUCT = /brandboard/i;
const OFFERS = /create an account|see pricing|get started|register|pricing/i;
const COMPANY = 'Acme Analytics';

/** What a person reads on the page: its text and the tab title. */
async function readable(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${document.body.innerText}`);
}

/** Waits for the public card's heading and the tenant's brand (its profile loaded). */
async function publicPageShown(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1 }).first());
  await visible(page.getByRole('link', { name: COMPANY, exact: true }).first());
}

describe('the brand on a tenant host', () => {
  const e2e = useServerAndBrowser();

  it('shows no product name or offer on any public page of acme, nor in its tab title', async () => {
    const { context, page } = await e2e.newPage();
    const acme = e2e.siteUrl('acme');
    const pages = [
      '/login',
      '/',
      '/home',
      '/register',
      '/forgot-password',
      '/info/about',
      '/info/terms',
      '/info/privacy',
      '/info/no-such-page',
      '/messages/announcement',
      '/messages/share/expired',
      '/messages/share/revoked',
      '/messages/no-such-type/99',
    ];
    for (const path of pages) {
      await page.goto(`${acme}${path}`);
      await publicPageShown(page);
      const text = await readable(page);
      expect(text, path).not.toMatch(PRODUCT);
      expect(text, path).not.toMatch(OFFERS);
    }
    // The home and registration are the platform's: acme's addresses show its sign-in page.
    for (const path of ['/', '/home', '/register']) {
      await page.goto(`${acme}${path}`);
      await page.waitForURL(`${acme}/login`);
    }
    await visible(page.getByRole('link', { name: 'Forgot your password?' }));
    expect(await page.getByRole('link', { name: /create an account/i }).count()).toBe(0);
    await context.close();
  });

  it('titles the tab neutrally while loading, then with the company (cached for the next visit)', async () => {
    const context = await e2e.browser.newContext();
    // The title as the document stands before the app has rendered anything.
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { titleAtLoad: string }).titleAtLoad = document.title;
      });
    });
    const titleAtLoad = (page: Page) =>
      page.evaluate(() => (window as unknown as { titleAtLoad: string }).titleAtLoad);

    const first = await context.newPage();
    await first.goto(`${e2e.siteUrl('acme')}/login`);
    expect(await titleAtLoad(first)).toBe('Welcome');
    await expect.poll(() => first.title()).toBe(`Welcome | ${COMPANY}`);

    // A new tab starts with an empty sessionStorage: the name kept by the last visit titles it.
    const second = await context.newPage();
    await second.goto(`${e2e.siteUrl('acme')}/login`);
    expect(await titleAtLoad(second)).toBe(`Welcome | ${COMPANY}`);
    await context.close();
  });

  it("shows no product name on a signed-in admin's pages; the brand goes home, the website beside", async () => {
    const { context, page } = await e2e.signedInPage(e2e.siteUrl('acme'), 'admin');
    for (const path of ['/getting-started', '/dashboards', '/users', '/companies', '/profile']) {
      await page.goto(`${e2e.siteUrl('acme')}${path}`);
      await visible(page.getByTestId('sidebar-brand').getByText(COMPANY));
      await visible(page.locator('main').first());
      await page.waitForLoadState('networkidle');
      expect(await readable(page), path).not.toMatch(PRODUCT);
    }
    await page.getByRole('button', { name: /help/i }).first().click();
    await visible(page.getByRole('dialog').first());
    expect(await readable(page)).not.toMatch(PRODUCT);
    await page.keyboard.press('Escape');

    const sidebar = page.getByTestId('sidebar-brand');
    const home = sidebar.getByRole('link', { name: COMPANY, exact: true });
    const website = sidebar.getByRole('link', { name: `Website of ${COMPANY}` });
    expect(await website.getAttribute('href')).toBe('//acme.example');
    expect(await website.getAttribute('target')).toBe('_blank');
    const [homeBox, websiteBox] = [await home.boundingBox(), await website.boundingBox()];
    expect(homeBox && websiteBox).toBeTruthy();
    // Side by side, not one inside the other.
    expect(homeBox!.x + homeBox!.width).toBeLessThanOrEqual(websiteBox!.x + 0.5);
    await home.click();
    await page.waitForURL(/\/dashboards/);
    await context.close();
  });

  it('makes no failed request and logs no error on the root host, signed out or in', async () => {
    const { context, page } = await e2e.newPage();
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    for (const path of ['/', '/login', '/register', '/info/about', '/forgot-password']) {
      await page.goto(`${e2e.rootUrl}${path}`);
      await visible(page.getByRole('heading').first());
      await page.waitForLoadState('networkidle');
    }
    // The plans on the home page list what the plans enforce: their four limits, nothing else.
    await page.goto(`${e2e.rootUrl}/`);
    const plans = page.getByRole('article').filter({ has: page.locator('dl') });
    await visible(plans.first());
    expect(await plans.count()).toBe(3);
    for (const plan of await plans.all()) {
      expect(await plan.locator('li').count()).toBe(0);
      expect(await plan.locator('dt').allInnerTexts()).toEqual([
        'Users',
        'Dashboards',
        'Data sources',
        'Storage',
      ]);
    }
    // The platform keeps its product name and offers.
    await page.goto(`${e2e.rootUrl}/login`);
    await visible(page.getByRole('link', { name: /create an account/i }));
    await expect.poll(() => page.title()).toBe('Welcome | Brandboard');
    await signIn(page, 'admin');
    await page.waitForURL(/\/accounts/);
    await visible(page.getByText('acme').first());
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    await context.close();
  });

  it("gives a platform admin opening a tenant's address that tenant's sign-in page", async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.rootUrl}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/accounts/);
    for (const path of ['/', '/home', '/dashboards']) {
      await page.goto(`${e2e.siteUrl('acme')}${path}`);
      await page.waitForURL(/\/login/);
      await visible(page.getByRole('button', { name: /sign in/i }));
      await publicPageShown(page);
      expect(await readable(page), path).not.toMatch(PRODUCT);
    }
    await context.close();
  });
});
