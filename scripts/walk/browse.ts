import type { Page } from 'playwright-core';
import { en } from '../../src/ui/i18n/en';
import type { PageWatch } from './problems';

// How the walk moves through the app: the first page is loaded, later ones are reached the way
// a click on a link reaches them (a history push the router follows), so settings kept only in
// memory (rtlLayout) stay on as they would for a person clicking through.

/** Quiet network for this long counts as settled; charts animate for 300 ms after their data. */
const QUIET_MS = 400;
const SETTLE_LIMIT_MS = 20000;

export async function loadPage(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
}

/** Moves the single-page app to `path` as its own links do, without reloading it. */
export async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `walk${index}`, idx: index }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/**
 * A spinner or indeterminate bar, or the top bar of a section loading its code, is showing.
 * Determinate bars that show a value (plan usage, a checklist) are content, not loading.
 */
async function busy(page: Page): Promise<boolean> {
  return page.evaluate(
    (loadingLabel) =>
      [...document.querySelectorAll<HTMLElement>('[role="progressbar"]')].some(
        (bar) =>
          bar.getClientRects().length > 0 &&
          (!bar.hasAttribute('aria-valuenow') || bar.getAttribute('aria-label') === loadingLabel),
      ),
    en.app.progress.loading,
  );
}

/** Waits for no request in flight for QUIET_MS and no progress bar; false if it never came. */
export async function settle(page: Page, watch: PageWatch): Promise<boolean> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  await page.waitForTimeout(50);
  while (Date.now() < deadline) {
    const quiet = watch.inFlight === 0 && Date.now() - watch.lastActivity >= QUIET_MS;
    if (quiet && !(await busy(page))) return true;
    await page.waitForTimeout(150);
  }
  return false;
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  // By the fields' names: the sign-in page speaks the account's language (the ar variant).
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20000 });
}

/** Turns rtlLayout on in the layout settings panel, as a person would. */
export async function turnOnRightToLeft(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.app.appBar.openSettings }).click();
  await page.getByRole('switch', { name: en.app.settings.rtlLayout }).check();
  await page.keyboard.press('Escape');
  // Closing hands focus back to the button, whose tooltip would then sit in every picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(720, 890);
  await page.waitForFunction(() => document.querySelector('[dir="rtl"]') !== null);
}

/**
 * Opens the first record a list offers (a link into the section or a clickable row) and
 * answers the path it went to, or null when the list has none.
 */
export async function openFirstRecord(page: Page, section: string): Promise<string | null> {
  const before = new URL(page.url());
  const link = page.locator(`a[href^="/${section}/"]:not([href*="/create"])`).first();
  if ((await link.count()) > 0) {
    const href = await link.getAttribute('href');
    return href;
  }
  const row = page.locator('tbody tr.RaDatagrid-row, tbody tr.RaDataTable-row').first();
  if ((await row.count()) === 0) return null;
  // A plain cell: the checkbox selects and a link (mailto) leaves; neither opens the record.
  await row.locator('td:not(:has(input, a, button))').first().click();
  try {
    await page.waitForURL((url) => url.pathname + url.search !== before.pathname + before.search, {
      timeout: 5000,
    });
  } catch {
    return null;
  }
  const after = new URL(page.url());
  return after.pathname + after.search;
}
