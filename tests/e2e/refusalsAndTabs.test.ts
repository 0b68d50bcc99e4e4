import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '../../common/charts';
import { addAccountWithUsers } from '../api/fixtures';
import { api, login } from '../api/harness';
import { E2E_PASSWORD, type E2eServer, useServerAndBrowser, visible } from './harness';

// In Chromium: a plan limit is a message where the action was and
// the user stays signed in; a link opened in a new tab of a signed-in browser opens signed in,
// and signing out in one tab signs the other out; a viewer is offered the chart, not the
// builder, and `/aicharts/create` tells them they cannot create charts.

const FREE_SITE = 'freeco';
const LIMIT_MESSAGE = 'The Free plan allows 5 dashboards.';

/** Puts the account on the seeded Free plan (5 dashboards) and fills it to the limit. */
async function freeAccountAtItsLimit(server: E2eServer): Promise<number> {
  const accountId = await addAccountWithUsers(
    { app: server.app, config: server.app.config },
    FREE_SITE,
    { fay: 'editor' },
  );
  const free = await server.app.db
    .selectFrom('pricing_plans')
    .select('id')
    .where('name', '=', 'Free')
    .executeTakeFirstOrThrow();
  await server.app.db
    .updateTable('accounts')
    .set({ plan_id: free.id, plan: 'Free' })
    .where('id', '=', accountId)
    .execute();
  const fay = await login(server.rootUrl, FREE_SITE, 'fay', E2E_PASSWORD);
  let first = 0;
  for (let n = 1; n <= 5; n += 1) {
    const body = { name: `Board ${n}`, tiles: [], filters: [], refreshSeconds: 0 };
    const answer = await api(server.rootUrl, fay, 'POST', '/api/v1/dashboards', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    first ||= (answer.body as Dashboard).id;
  }
  return first;
}

const signedInUser = (page: Page) => page.evaluate(() => sessionStorage.getItem('user'));

describe('refusals, tabs and read-only roles', () => {
  let freeSite: string;
  let firstDashboardId: number;

  const e2e = useServerAndBrowser({
    setUp: async (server) => {
      freeSite = server.siteUrl(FREE_SITE);
      firstDashboardId = await freeAccountAtItsLimit(server);
    },
  });

  it('keeps a Free-plan editor at the limit signed in, with what they typed and why', async () => {
    const { context, page } = await e2e.signedInPage(freeSite, 'fay');
    await page.goto(`${freeSite}/dashboards/create`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('Quarterly review');
    await page.getByRole('button', { name: 'Save' }).click();

    await visible(page.getByText(LIMIT_MESSAGE, { exact: false }));
    await visible(
      page.getByText('ask an admin of your account for a larger plan', { exact: false }),
    );
    expect(new URL(page.url()).pathname).toBe('/dashboards/create');
    expect(await name.inputValue()).toBe('Quarterly review');
    expect(await signedInUser(page)).not.toBeNull();

    // Duplicating a dashboard meets the same limit on the dashboard's page.
    await page.goto(`${freeSite}/dashboards/${firstDashboardId}`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await visible(page.getByText(LIMIT_MESSAGE, { exact: false }));
    expect(new URL(page.url()).pathname).toBe(`/dashboards/${firstDashboardId}`);
    expect(await signedInUser(page)).not.toBeNull();
    await context.close();
  });

  it('opens a link in a new tab signed in; signing out in one tab signs out the other', async () => {
    const acme = e2e.siteUrl('acme');
    const { context, page: first } = await e2e.signedInPage(acme, 'editor');

    const second = await context.newPage();
    await second.goto(`${acme}/dashboards?from=newtab`);
    await visible(second.getByRole('heading', { name: 'Dashboards' }).first());
    expect(new URL(second.url()).pathname).toBe('/dashboards');
    expect(await signedInUser(second)).not.toBeNull();

    await first.getByRole('button', { name: 'Profile' }).click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await first.waitForURL(/\/login/);
    await second.waitForURL(/\/login\?redirect=/);
    expect(await signedInUser(second)).toBeNull();
    await context.close();
  });

  it('offers a viewer the chart, not the builder, and says they cannot create charts', async () => {
    const acme = e2e.siteUrl('acme');
    const { context, page } = await e2e.signedInPage(acme, 'viewer');

    await page.goto(`${acme}/aicharts/create`);
    await visible(page.getByRole('heading', { name: 'You cannot create AI charts' }));
    await visible(page.getByText('Your role (Viewer) can look at AI charts', { exact: false }));

    const viewer = await login(e2e.rootUrl, 'acme', 'viewer', E2E_PASSWORD);
    const listed = await api(e2e.rootUrl, viewer, 'GET', '/api/v1/dashboards?range=[0,199]');
    const flights = (listed.body as Dashboard[]).find((board) => board.name === 'Flights')!;
    await page.goto(`${acme}/dashboards/${flights.id}`);
    await visible(page.locator('[data-tile-state="drawn"]').first(), 30_000);
    const menu = page.getByRole('button', { name: /^Actions of / }).first();
    await visible(menu);
    await menu.click();
    expect(await page.getByRole('menuitem', { name: 'Open in builder' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Open chart' }).click();
    await page.waitForURL(/\/aicharts\/\d+\/show$/);
    await visible(page.locator('canvas, svg, table').first());
    await context.close();
  });
});
