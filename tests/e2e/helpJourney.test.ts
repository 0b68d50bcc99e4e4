import { describe, expect, it } from 'vitest';
import { signIn, visible, useServerAndBrowser } from './harness';

// The help journey in Chromium: the platform admin writes a help article about
// dashboards; a viewer of acme opens the help panel on the dashboards page and reads it.

const TITLE = 'E2E reading a dashboard on a phone';
const BODY_TEXT = 'Turn the phone sideways';

describe('help journey in Chromium', () => {
  const e2e = useServerAndBrowser();

  it('writes a help article as the platform admin and reads it as a viewer', async () => {
    const admin = await e2e.newPage();
    await admin.page.goto(`${e2e.rootUrl}/login`);
    await signIn(admin.page, 'admin');
    await admin.page.waitForURL(/accounts/);
    await admin.page.goto(`${e2e.rootUrl}/helpsections/create`);
    await admin.page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await admin.page
      .getByRole('textbox', { name: 'Content' })
      .fill(`${BODY_TEXT} for **wide** charts.`);
    await admin.page.getByRole('textbox', { name: 'Group' }).fill('Dashboards');
    await admin.page.getByLabel('About the sections').click();
    await admin.page.getByRole('option', { name: 'Dashboards', exact: true }).click();
    await admin.page.getByLabel('Published').check();
    const saved = admin.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/helpsections' &&
        response.request().method() === 'POST',
    );
    await admin.page.getByRole('button', { name: 'Save' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ sections: ['dashboards'], published: true });
    await admin.context.close();

    const viewer = await e2e.newPage();
    await viewer.page.goto(`${e2e.siteUrl('acme')}/login`);
    await signIn(viewer.page, 'viewer');
    await viewer.page.waitForURL(/dashboards|getting-started/);
    await viewer.page.goto(`${e2e.siteUrl('acme')}/dashboards`);
    await viewer.page.getByRole('button', { name: 'Help', exact: true }).click();
    const panel = viewer.page.getByRole('dialog', { name: 'Help' });
    await panel.getByText(TITLE).click();
    await visible(panel.getByText(BODY_TEXT, { exact: false }));
    expect(await panel.locator('strong').filter({ hasText: 'wide' }).count()).toBe(1);
    await viewer.context.close();
  });
});
