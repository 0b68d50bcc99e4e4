// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert } from '../../../../common/api/alerts';
import type { Dashboard } from '../../../../common/charts';
import { editorCall } from '../../support/chartsRealServer';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// Alerts from a dashboard tile's menu against the real server: the empty state, a wrong field
// said at the field, an alert set, paused (the tile then says so), and deleted after a
// confirmation; a failing alert is said on its tile.

let api: DashboardsServer;
let flights: Dashboard;

beforeAll(async () => {
  api = await startDashboardsServer();
  flights = await api.resetDashboards();
});
afterAll(() => api.close());

/** The page's first paint loads its chunks: slow on a machine under load. */
const FIRST_PAINT_MS = 60000;

async function openAlerts(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'Actions of Flights by origin' },
      { timeout: FIRST_PAINT_MS },
    ),
  );
  await user.click(
    within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Alerts…' }),
  );
  return screen.findByRole('dialog', { name: 'Alerts on Flights by origin' });
}

describe('alerts on a chart', { timeout: 120000 }, () => {
  it('sets, pauses and deletes an alert from the tile menu', async () => {
    await signInAs(api, 'acme', 'viewer');
    await renderApp(`/dashboards/${flights.id}`);
    const user = userEvent.setup({ delay: null });
    let dialog = await openAlerts(user);
    expect(within(dialog).getByText(/You have no alerts on this chart/)).toBeTruthy();
    // A viewer is told by e-mail only: no webhooks offered.
    await user.click(within(dialog).getByRole('button', { name: 'New alert' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Threshold/ }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a number')).toBeTruthy();
    const threshold = within(dialog).getByRole('textbox', { name: /Threshold/ });
    await user.clear(threshold);
    await user.type(threshold, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Above 1000')).toBeTruthy();
    const stored = await api.app.db.selectFrom('alerts').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Flights by origin', channel: 'email', paused: 0 });

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByText('Paused')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Alert paused')).toBeTruthy();

    dialog = await openAlerts(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    await user.click(within(confirm).getByRole('button', { name: /Confirm/ }));
    expect(await within(dialog).findByText(/You have no alerts on this chart/)).toBeTruthy();
    expect(await api.app.db.selectFrom('alerts').selectAll().execute()).toEqual([]);
    // The confirmation's own closing hands the dialog back to assistive technology.
    await user.click(
      await within(dialog).findByRole('button', { name: 'Close' }, { timeout: 10000 }),
    );
    await waitFor(() => expect(screen.queryByText('Alert paused')).toBeNull());
  });

  it('says on the tile that an alert is failing, with its error', async () => {
    await signInAs(api, 'acme', 'editor');
    const chartId = api.charts.find((chart) => chart.name === 'Flights by origin')!.id;
    const alert = await editorCall<Alert>(api, 'POST', '/api/v1/alerts', {
      chartId,
      name: 'Origin watch',
      condition: { kind: 'above', threshold: 5 },
      schedule: { every: 'hour', minute: 0 },
    });
    await api.app.db
      .updateTable('alerts')
      .set({ last_error: 'The chart has no rows to check.' })
      .where('id', '=', alert.id)
      .execute();
    await renderApp(`/dashboards/${flights.id}`);
    const badge = await screen.findByText('Alert failing', {}, { timeout: FIRST_PAINT_MS });
    expect(badge).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    const dialog = await openAlerts(user);
    expect(
      within(dialog).getByText('Last check failed: The chart has no rows to check.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Failing')).toBeTruthy();
  });
});
