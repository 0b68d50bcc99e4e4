// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../common/charts';
import { call } from '../../../api/fixtures';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// An admin's "Recently deleted" on the dashboards page against the real server: shown only
// when something was deleted (with how many), also on the empty page once the last dashboard
// is gone; restoring brings the dashboard back, and the dialog then says nothing is left.

let api: DashboardsServer;
beforeAll(async () => {
  api = await startDashboardsServer();
});
afterAll(() => api.close());
// Each test starts with nothing deleted (the revisions of former tests' dashboards go).
beforeEach(async () => {
  await api.app.db.deleteFrom('revisions').where('kind', '=', 'dashboard').execute();
});

async function deleteDashboard(id: number) {
  const deleted = await call(api, 'DELETE', `/api/v1/dashboards/${id}`, {
    token: api.editorToken,
    site: 'acme',
  });
  expect(deleted.status).toBe(200);
}

const recentlyDeleted = (count: number) =>
  screen.findByRole('button', { name: `Recently deleted (${count})` }, { timeout: 60000 });

async function restoreFromDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Recently deleted' });
  const item = (await within(dialog).findByText(`Dashboard: ${name}`)).closest('li')!;
  await userEvent.click(within(item).getByRole('button', { name: 'Restore' }));
  const confirm = await screen.findByRole('dialog', { name: `Restore "${name}"?` });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
  return dialog;
}

describe('recently deleted dashboards', { timeout: 90000 }, () => {
  it('offers nothing while nothing was deleted', async () => {
    await api.resetDashboards();
    await signInAs(api, 'acme', 'admin');
    await renderApp('/dashboards');
    await screen.findByText('Flights', { selector: 'td *, td' }, { timeout: 60000 });
    await waitFor(() => expect(api.of('GET', '/api/v1/deleted').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Recently deleted/ })).toBeNull();
  });

  it('offers the last deleted dashboard on the empty page, and restores it', async () => {
    const flights = await api.resetDashboards();
    await deleteDashboard(flights.id);
    await signInAs(api, 'acme', 'admin');
    await renderApp('/dashboards');
    await userEvent.click(await recentlyDeleted(1));
    await restoreFromDialog('Flights');
    await screen.findByText('Restored');
    await screen.findByText('Flights', { selector: 'td *, td' }, { timeout: 60000 });
  });

  it('keeps the dialog open with its empty state when the last one is restored', async () => {
    await api.resetDashboards();
    const extra = await call(api, 'POST', '/api/v1/dashboards', {
      token: api.editorToken,
      site: 'acme',
      body: { name: 'Extra', description: '', refreshSeconds: 0, tiles: [], filters: [] },
    });
    expect(extra.status).toBe(200);
    await deleteDashboard((extra.json as Dashboard).id);
    await signInAs(api, 'acme', 'admin');
    await renderApp('/dashboards');
    await userEvent.click(await recentlyDeleted(1));
    const dialog = await restoreFromDialog('Extra');
    await within(dialog).findByText('Nothing was deleted in the last 30 days.');
    await screen.findByText('Extra', { selector: 'td *, td' });
  });
});
