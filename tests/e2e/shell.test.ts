import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, signIn, visible, useServerAndBrowser } from './harness';

// The shell's main journeys in Debian's Chromium against the real server and built app.
describe('app shell in Chromium', () => {
  const e2e = useServerAndBrowser();

  it('shows the home page on the root host', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.rootUrl}/`);
    await visible(page.getByRole('link', { name: /sign in/i }).first());
    await visible(page.getByRole('link', { name: /register/i }).first());
    await visible(page.getByRole('link', { name: /pricing/i }).first());
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('sends / on a tenant sub-domain to /login, in the tenant brand', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.siteUrl('acme')}/`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.title()).toBe('Welcome | Acme Analytics');
    const brand = page.getByRole('link', { name: 'Acme Analytics', exact: true });
    await visible(brand);
    const website = page.getByRole('link', { name: 'Website of Acme Analytics' });
    expect(await website.getAttribute('href')).toBe('//acme.example');
    expect(await page.locator('img[src^="data:image/"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('returns to the remembered path after sign-in, and sign-out clears sessionStorage', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.siteUrl('acme')}/users`);
    await page.waitForURL(/\/login\?redirect=%2Fusers/);
    await signIn(page, 'admin');
    await page.waitForURL(`${e2e.siteUrl('acme')}/users`);
    await visible(page.getByText('editor', { exact: true }).first());
    expect(await page.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);

    await page
      .getByRole('button', { name: /profile|account|user menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /sign out|logout/i }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.siteUrl('acme')}/login`);
    await signIn(page, 'editor');
    await page.waitForURL(/getting-started|dashboards/);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();
    await page
      .getByRole('button', { name: /theme|dark/i })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('Theme'))).toBe('dark');
    const darkBackground = await background();
    expect(darkBackground).not.toBe(lightBackground);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => localStorage.getItem('Theme'))).toBe('dark');
    await expect.poll(background).toBe(darkBackground);
    await context.close();
  });

  it('sends an unknown path to /', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.rootUrl}/no/such/page`);
    await page.waitForURL(`${e2e.rootUrl}/`);
    await context.close();
  });

  it('sends the browser to /login?redirect=… when the API answers 401', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.siteUrl('acme')}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/getting-started|dashboards/);
    // Revoke the session behind the page's back: the next API call answers 401.
    const token = await page.evaluate(() => {
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const value = sessionStorage.getItem(sessionStorage.key(i) ?? '') ?? '';
        if (/^[A-Za-z0-9_-]{40,}$/.test(value)) return value;
      }
      return '';
    });
    expect(token).not.toBe('');
    const logout = await fetch(`${e2e.rootUrl}/api/v1/logout`, {
      headers: { authorization: `Bearer ${token}`, site: 'acme' },
      signal: AbortSignal.timeout(10000),
    });
    expect(logout.status).toBe(200);
    // Several calls of the page answer 401 and each sends the browser on, so the page's own
    // load may never complete: wait for navigations to be committed, not loaded.
    await page.goto(`${e2e.siteUrl('acme')}/users`, { waitUntil: 'commit' });
    await page.waitForURL(/\/login\?redirect=%2Fusers$/, { waitUntil: 'commit', timeout: 20000 });
    await context.close();
  });

  it('rejects a wrong password at the form', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.siteUrl('acme')}/login`);
    await signIn(page, 'admin', `${E2E_PASSWORD}-wrong`);
    await visible(page.getByText(/invalid username or password/i));
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
