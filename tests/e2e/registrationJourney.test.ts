import { describe, expect, it } from 'vitest';
import { api, login } from '../api/harness';
import { E2E_PASSWORD, signIn, visible, useServerAndBrowser } from './harness';

// The whole registration path in Chromium: a visitor registers a company, the platform admin
// approves it, the registrant chooses a plan from the pricing link, creates the password, lands
// on the new tenant's sign-in page at <site>.localhost, signs in and sees the new brand.

const COMPANY = 'Globex Corporation';
const SITE = 'globex';
const PASSWORD = 'hammocks-and-volcanoes-42';

describe('registration journey in Chromium', () => {
  const e2e = useServerAndBrowser();

  it('registers, is approved, chooses a plan, creates the password and signs in on the new site', async () => {
    const visitor = await e2e.newPage();
    const page = visitor.page;
    await page.goto(`${e2e.rootUrl}/register`);
    await page.getByLabel('Company name').fill(COMPANY);
    await page.getByLabel('Site').fill(SITE);
    await page.getByLabel('Your full name').fill('Hank Scorpio');
    await page.getByLabel('E-mail').fill('hank@globex.example');
    await page.getByLabel('Username of the administrator').fill('hank');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/messages\/registration-received\/\d+$/);

    // The platform admin approves it and gets the pricing link.
    const platform = await login(e2e.rootUrl, 'www', 'admin', E2E_PASSWORD);
    const listed = await api(e2e.rootUrl, platform, 'GET', '/api/v1/registrations?range=[0,99]');
    const registration = (listed.body as { id: number; site: string; status: string }[]).find(
      (candidate) => candidate.site === SITE,
    );
    expect(registration?.status).toBe('pending');
    const admin = await e2e.newPage();
    await admin.page.goto(`${e2e.rootUrl}/login`);
    await signIn(admin.page, 'admin');
    await admin.page.waitForURL(/accounts/);
    await admin.page.goto(`${e2e.rootUrl}/registrations/${registration!.id}/show`);
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    const linkField = admin.page.getByRole('dialog').getByRole('textbox', { name: 'Pricing link' });
    await visible(linkField);
    const pricingLink = await linkField.inputValue();
    expect(pricingLink).toMatch(/\/pricing\/[A-Za-z0-9_-]+$/);
    await admin.context.close();

    // The registrant chooses a plan and creates the password.
    await page.goto(pricingLink);
    await page.getByRole('button', { name: 'Choose Team' }).click();
    // The create-password link opens on the new site's own host, where the session will live.
    await page.waitForURL(new RegExp(`^${e2e.siteUrl(SITE)}/create-password/`), {
      timeout: 20_000,
    });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create password and sign in' }).click();

    // Signed in on the new site, in its brand.
    await page.waitForURL(new RegExp(`^${e2e.siteUrl(SITE)}/(getting-started|dashboards)`), {
      timeout: 20_000,
    });
    await expect.poll(() => page.getByTestId('brand').first().textContent()).toContain(COMPANY);
    expect(await page.title()).toBe(`Welcome | ${COMPANY}`);
    await visitor.context.close();
  });
});
