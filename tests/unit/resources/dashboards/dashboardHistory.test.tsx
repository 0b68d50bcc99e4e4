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

// The dashboard page's History drawer against the real server: "Flights" saved, then renamed
// through the API, before each test.

let api: DashboardsServer;
let flights: Dashboard;
beforeAll(async () => {
  api = await startDashboardsServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  flights = await api.resetDashboards();
  const renamed = await call(api, 'PUT', `/api/v1/dashboards/${flights.id}`, {
    token: api.editorToken,
    site: 'acme',
    body: { ...flights, name: 'Flights 2026' },
  });
  expect(renamed.status).toBe(200);
});

/** The versions listed (each item holds a list of its changes). */
const versionsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>(':scope > li')];

async function openHistory(username: string) {
  await signInAs(api, 'acme', username);
  await renderApp(`/dashboards/${flights.id}`);
  const history = await screen.findByText('History', { selector: 'button' }, { timeout: 15000 });
  await userEvent.click(history);
  return screen.findByRole('list', { name: 'Version history' });
}

describe('dashboard history', { timeout: 60000 }, () => {
  it('lists the versions newest first with what changed, and restores one', async () => {
    const list = await openHistory('editor');
    await waitFor(() => expect(versionsOf(list)).toHaveLength(2));
    const items = versionsOf(list);
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'Version 2: changed',
      'Version 1: created',
    ]);
    expect(items[0].textContent).toContain('Renamed from "Flights" to "Flights 2026"');
    expect(within(items[0]).queryByRole('button', { name: 'Restore' })).toBeNull();

    await userEvent.click(within(items[1]).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(versionsOf(list)[0].textContent).toContain('Version 3: restored'));
    // The page behind the drawer shows the restored name.
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Flights'));
  });

  it('shows a viewer the versions without Restore', async () => {
    const list = await openHistory('viewer');
    await waitFor(() => expect(versionsOf(list)).toHaveLength(2));
    expect(within(list).queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
