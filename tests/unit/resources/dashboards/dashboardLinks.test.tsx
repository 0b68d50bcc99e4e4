// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../common/charts';
import { PointMenu } from '../../../../src/ui/dashboard/drill/PointMenu';
import { editorCall } from '../../support/chartsRealServer';
import { countChart } from '../../support/dashboardFixtures';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';
import { renderInAdmin } from '../../support/renderInAdmin';

// "Open <dashboard>": the drill menu offers the dashboard a tile links to and opens it with
// the value picked; an editor links a tile to another dashboard's filter on the real server.

describe('the menu of a picked value', () => {
  const picked = {
    chart: countChart(3, 'Flights by origin', 7, 'origin'),
    selection: { field: 'origin', value: 'SEA' },
  };
  const menuProps = {
    picked,
    context: undefined,
    opensRows: false,
    crossFilters: false,
    onClose: () => undefined,
    onDrill: () => undefined,
    onViewRows: () => undefined,
    onCrossFilter: () => undefined,
  };

  it('offers "Open <dashboard>" with the picked value when the tile links to one', async () => {
    const onOpen = vi.fn();
    renderInAdmin(<PointMenu {...menuProps} linked={{ title: 'Airports', onOpen }} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('menuitem', { name: 'Open Airports' }));
    expect(onOpen).toHaveBeenCalledWith({ field: 'origin', value: 'SEA' });
  });

  it('offers no such item without a link', async () => {
    const onClose = vi.fn();
    renderInAdmin(<PointMenu {...menuProps} crossFilters onClose={onClose} />);
    expect(
      await screen.findByRole('menuitem', { name: 'Filter the dashboard by this' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^Open / })).toBeNull();
  });
});

describe('linking a tile', { timeout: 120000 }, () => {
  let api: DashboardsServer;
  let flights: Dashboard;
  let airports: Dashboard;
  beforeAll(async () => {
    api = await startDashboardsServer();
    flights = await api.resetDashboards();
    airports = await editorCall<Dashboard>(api, 'POST', '/api/v1/dashboards', {
      name: 'Airports',
      tiles: [],
      filters: [{ id: 'airport', label: 'Airport', type: 'values', bindings: [] }],
    });
    api.requests.length = 0;
  });
  afterAll(() => api.close());

  it("lets an editor link a chart tile to another dashboard's filter", async () => {
    await signInAs(api, 'acme', 'editor');
    renderApp(`/dashboards/${flights.id}`);
    const user = userEvent.setup({ delay: null });
    // The first page of a run loads its lazy parts: on a loaded machine, slowly.
    const edit = await screen.findByRole('button', { name: 'Edit' }, { timeout: 60000 });
    await user.click(edit);
    await user.click(await screen.findByRole('button', { name: 'Actions of Flights by origin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Link to a dashboard…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a dashboard from this chart' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    const picker = within(dialog).getByRole('combobox', { name: 'Dashboard' });
    // enabled once the account's dashboards have arrived
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
    await user.click(picker);
    const options = await screen.findAllByRole('option');
    // The dashboard being edited is not offered.
    expect(options.map((option) => option.textContent)).toEqual(['Airports']);
    await user.click(options[0]);
    await user.click(
      within(dialog).getByRole('combobox', { name: 'Filter that receives the value' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Airport' }));
    await user.click(apply);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const puts = () => api.of('PUT', `/api/v1/dashboards/${flights.id}`);
    await waitFor(() => expect(puts()).toHaveLength(1));
    const sent = JSON.parse(puts()[0].body) as Dashboard;
    expect(sent.tiles.find((tile) => tile.id === 'a')?.link).toEqual({
      dashboardId: airports.id,
      filterId: 'airport',
    });
  });
});
