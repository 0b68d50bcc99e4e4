import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dataset, QueryResult, SemanticQuery } from '../../common/analytics';
import type { Dashboard, SavedChart } from '../../common/charts';
import { addAccountWithUsers } from '../api/fixtures';
import { api, login, type Session } from '../api/harness';
import { E2E_PASSWORD, visible, type E2eServer, useServerAndBrowser } from './harness';

// In Chromium, as a person meets it: record screens say what happened; an
// invited user reads "Invited" and the admin copies their link, which signs them in; a viewer's
// empty list invites no one to add; a revoked share link's address leaves the dialog; a rise
// in delays is not shown in green.

const NEW_PASSWORD = 'invited users own password';
const QUIET_SITE = 'quietco';

/** A react-admin notification (status role) with exactly this text. */
const notice = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

/** The months of 2001 over which the demo flights' mean delay rose from one to the next. */
async function risingDelayMonths(server: E2eServer, editor: Session, flights: Dataset) {
  const query: SemanticQuery = {
    datasetId: flights.id,
    dimensions: [{ field: 'date', grain: 'month' }],
    measures: [{ field: 'delay', agg: 'avg' }],
    filters: [{ field: 'date', op: '<', value: '2001-07-01' }],
    sort: [{ key: 'date', dir: 'asc' }],
  };
  const answer = await api(server.rootUrl, editor, 'POST', '/api/v1/query', { query });
  expect(answer.status).toBe(200);
  const rows = (answer.body as QueryResult).rows as [string, number][];
  const index = rows.findIndex((row, at) => at > 0 && row[1] > rows[at - 1][1]);
  expect(index).toBeGreaterThan(0);
  const [from, to] = [rows[index - 1][0], rows[index][0]];
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return { from, until: end.toISOString().slice(0, 10) };
}

/** A dashboard with one KPI of the mean delay over two months in which it rose. */
async function risingDelayDashboard(server: E2eServer, editor: Session): Promise<number> {
  const listed = await api(server.rootUrl, editor, 'GET', '/api/v1/datasets?range=[0,99]');
  const flights = (listed.body as Dataset[]).find((dataset) => dataset.name === 'Flights')!;
  const { from, until } = await risingDelayMonths(server, editor, flights);
  const chart = await api(server.rootUrl, editor, 'POST', '/api/v1/aicharts', {
    datasetId: flights.id,
    name: 'E2E delay rising',
    spec: {
      type: 'kpi',
      title: 'E2E delay rising',
      query: {
        datasetId: flights.id,
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [
          { field: 'date', op: '>=', value: from },
          { field: 'date', op: '<', value: until },
        ],
        sort: [],
      },
      encoding: { x: 'date', y: ['avg_delay'] },
      options: { numberFormat: 'number' },
    },
  });
  expect(chart.status).toBe(200);
  const chartId = (chart.body as SavedChart).id;
  const dashboard = await api(server.rootUrl, editor, 'POST', '/api/v1/dashboards', {
    name: 'E2E delays',
    tiles: [{ id: 't0', kind: 'chart', chartId, layout: { x: 0, y: 0, w: 4, h: 4 } }],
    filters: [],
    refreshSeconds: 0,
  });
  expect(dashboard.status).toBe(200);
  return (dashboard.body as Dashboard).id;
}

describe('wording and small defects', () => {
  let acme: string;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      acme = server.siteUrl('acme');
      await addAccountWithUsers({ app: server.app, config: server.app.config }, QUIET_SITE, {
        val: 'viewer',
        eddie: 'editor',
      });
    },
  });

  it('invites a user, marks them Invited, and their copied link signs them in', async () => {
    const { context, page } = await e2e.signedInPage(acme, 'admin');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: acme });

    await page.goto(`${acme}/users/create`);
    await page.getByLabel('Username').fill('ivy.invited');
    await page.getByLabel('Full name').fill('Ivy Invited');
    await page.getByLabel('E-mail').fill('ivy@acme.example');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // The link comes at once, whole, with a Copy button and the truth: no e-mail went.
    const invited = page.getByRole('dialog', { name: 'User invited' });
    await visible(invited.getByText('No e-mail was sent (this site sends none)', { exact: false }));
    const created = await invited
      .getByRole('textbox', { name: 'Create-password link' })
      .inputValue();
    expect(created).toMatch(new RegExp(`^${acme}/create-password/[\\w-]{40,}$`));
    await invited.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(created);
    await invited.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByText(/Element (created|updated)/).count()).toBe(0);

    // In the list: Invited for her, not the mark of the deactivated seeded user.
    await page.waitForURL(/\/users$/);
    const row = page.getByRole('row').filter({ hasText: 'ivy.invited' });
    await visible(row.getByTestId('user-status'));
    expect(await row.getByTestId('user-status').textContent()).toBe('Invited');
    const inactiveRow = page.getByRole('row').filter({ hasText: 'inactive' }).first();
    expect(await inactiveRow.getByTestId('user-status').textContent()).toBe('Deactivated');

    // A save says what happened.
    await row.click();
    await visible(
      page.getByText('Invited: this user has not created a password yet.', { exact: false }),
    );
    await page.getByLabel('Full name').fill('Ivy Invitee');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(notice(page, 'User saved'));
    await page.waitForURL(/\/users$/);

    // The user's page issues a fresh link to copy.
    await page.getByRole('row').filter({ hasText: 'ivy.invited' }).click();
    await page.getByRole('button', { name: 'Copy invitation link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invitation link' });
    const field = dialog.getByRole('textbox', { name: 'Create-password link' });
    await visible(field);
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${acme}/create-password/[\\w-]{40,}$`));
    await visible(dialog.getByText('No e-mail was sent (this site sends none)', { exact: false }));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await context.close();

    // The invitee opens it, creates a password and is in the app, signed in.
    const invitee = await e2e.newPage();
    await invitee.page.goto(link);
    await invitee.page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await invitee.page.getByLabel('Repeat the password').fill(NEW_PASSWORD);
    await invitee.page.getByRole('button', { name: 'Create password and sign in' }).click();
    await invitee.page.waitForURL(new RegExp(`^${acme}/(dashboards|getting-started)`));
    await visible(invitee.page.getByRole('navigation', { name: 'Main navigation' }));
    expect(await invitee.page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await invitee.context.close();
  }, 120_000);

  it('offers a viewer no create in an empty list, an editor one', async () => {
    const quiet = e2e.siteUrl(QUIET_SITE);
    const viewer = await e2e.signedInPage(quiet, 'val');
    for (const section of ['dashboards', 'aicharts']) {
      await viewer.page.goto(`${quiet}/${section}`);
      await visible(viewer.page.getByText(/^No .* yet\.?$/).first());
      expect(await viewer.page.getByText('Do you want to add one?').count()).toBe(0);
      expect(await viewer.page.getByRole('link', { name: /create/i }).count()).toBe(0);
    }
    await viewer.context.close();

    const editor = await e2e.signedInPage(quiet, 'eddie');
    await editor.page.goto(`${quiet}/dashboards`);
    await visible(editor.page.getByText('Do you want to add one?'));
    await editor.context.close();
  }, 120_000);

  it('takes a revoked share link address out of the share dialog', async () => {
    const editor = await login(e2e.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    const dashboardId = await risingDelayDashboard(e2e.server, editor);
    const { context, page } = await e2e.signedInPage(acme, 'editor');
    await page.goto(`${acme}/dashboards/${dashboardId}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share links' });
    await dialog.getByLabel('Label').fill('Soon revoked');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = dialog.getByLabel('Link address');
    await visible(address);
    const url = await address.inputValue();
    // Shown whole: longer than the field is wide, it wraps; nothing scrolled out of sight.
    const overflow = await address.evaluate((field) => ({
      wide: field.scrollWidth - field.clientWidth,
      tall: field.scrollHeight - field.clientHeight,
    }));
    expect(overflow).toEqual({ wide: 0, tall: 0 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: acme });
    await dialog.getByRole('button', { name: 'Copy address' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const revoke = dialog
      .getByRole('row')
      .filter({ hasText: 'Soon revoked' })
      .getByRole('button', { name: 'Revoke' });
    await revoke.click();
    await page
      .getByRole('dialog', { name: 'Revoke the link "Soon revoked"?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    // The list shows it revoked (no Revoke button left); its address is gone with it.
    await revoke.waitFor({ state: 'detached' });
    // Found by its title, not its role: the revoke confirmation may leave it aria-hidden.
    const stillOpen = page.locator('[role="dialog"]').filter({ hasText: 'Share links' });
    await visible(stillOpen.getByText('Soon revoked'));
    expect(
      await stillOpen
        .locator('input, textarea')
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)),
    ).not.toContain(url);
    expect(await page.getByLabel('Link address').count()).toBe(0);
    expect(await page.content()).not.toContain(url.split('/').pop()!);
    await context.close();
  }, 120_000);

  it('shows a rise in the mean delay in red, not green', async () => {
    const editor = await login(e2e.rootUrl, 'acme', 'editor', E2E_PASSWORD);
    const dashboardId = await risingDelayDashboard(e2e.server, editor);
    const { context, page } = await e2e.signedInPage(acme, 'viewer');
    await page.goto(`${acme}/dashboards/${dashboardId}`);
    const change = page.getByTestId('kpi-change');
    await visible(change, 30_000);
    expect(await change.getByRole('img', { name: 'Up' }).count()).toBe(1);
    expect(await change.getAttribute('data-tone')).toBe('bad');
    const [red, green] = await change.evaluate((element) => {
      const [r, g] = getComputedStyle(element).color.match(/\d+/g)!.map(Number);
      return [r, g];
    });
    expect(red).toBeGreaterThan(green);
    await context.close();
  }, 120_000);
});
