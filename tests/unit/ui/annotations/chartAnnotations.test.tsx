// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../common/charts';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// Annotations from a dashboard tile's menu against the real server: the empty state, mistakes
// said at their field, one added for every chart of the dataset, then deleted after a
// confirmation. Viewers are not offered them.

let api: DashboardsServer;
let flights: Dashboard;

beforeAll(async () => {
  api = await startDashboardsServer();
  flights = await api.resetDashboards();
});
afterAll(() => api.close());

/** The page's first paint loads its chunks: slow on a machine under load. */
const FIRST_PAINT_MS = 60000;

async function openTileMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'Actions of Flights by origin' },
      { timeout: FIRST_PAINT_MS },
    ),
  );
  return within(await screen.findByRole('menu'));
}

const storedAnnotations = () => api.app.db.selectFrom('annotations').selectAll().execute();

describe('annotations of a chart', { timeout: 120000 }, () => {
  it('adds an annotation for the whole dataset and deletes it after confirming', async () => {
    await signInAs(api, 'acme', 'editor');
    await renderApp(`/dashboards/${flights.id}`);
    const user = userEvent.setup({ delay: null });
    const menu = await openTileMenu(user);
    await user.click(menu.getByRole('menuitem', { name: 'Annotations…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Annotations of Flights by origin',
    });
    expect(await within(dialog).findByText(/No annotations yet/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add annotation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    await user.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'Strike');
    fireEvent.change(within(dialog).getByLabelText(/Date \(or first day\)/), {
      target: { value: '2024-02-10' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Last day/), {
      target: { value: '2024-02-01' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The last day must not be before the first')).toBeTruthy();
    expect(await storedAnnotations()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Last day/), {
      target: { value: '2024-02-20' },
    });
    await user.click(within(dialog).getByRole('radio', { name: /Every chart of/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Strike')).toBeTruthy();
    expect(within(dialog).getByText('2024-02-10 – 2024-02-20')).toBeTruthy();
    const stored = await storedAnnotations();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      chart_id: null,
      starts_on: '2024-02-10',
      ends_on: '2024-02-20',
      label: 'Strike',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this annotation?' });
    await user.click(within(confirm).getByRole('button', { name: /Confirm/ }));
    expect(await within(dialog).findByText(/No annotations yet/)).toBeTruthy();
    expect(await storedAnnotations()).toEqual([]);
  });

  it('is not offered to viewers', async () => {
    await signInAs(api, 'acme', 'viewer');
    await renderApp(`/dashboards/${flights.id}`);
    const user = userEvent.setup({ delay: null });
    const menu = await openTileMenu(user);
    expect(menu.getByRole('menuitem', { name: 'Export CSV' })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Annotations…' })).toBeNull();
  });
});
