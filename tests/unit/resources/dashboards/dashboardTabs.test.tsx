// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard, DashboardTile } from '../../../../common/charts';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// Dashboard tabs and headings on the dashboard page against the real server: "Flights"
// (dashboardFixtures) on two tabs, "Flights" (charts a, b and the notes) and "Cars" (a heading
// and chart c). Only the shown tab's charts query; the tab is in the address.

let api: DashboardsServer;
let board: Dashboard;
beforeAll(async () => {
  api = await startDashboardsServer();
});
afterAll(() => api.close());

const TABS = [
  { id: 'flights', title: 'Flights' },
  { id: 'cars', title: 'Cars' },
];
const HEADING: DashboardTile = {
  id: 'h',
  kind: 'heading',
  heading: 'Cars of the world',
  layout: { x: 0, y: 0, w: 12, h: 1 },
};
const onTabs = (flights: Dashboard) => ({
  tabs: TABS,
  tiles: [...flights.tiles, HEADING].map((tile) => ({
    ...tile,
    tabId: tile.id === 'c' || tile.id === 'h' ? 'cars' : 'flights',
  })),
});

async function renderAs(username: string, path: string) {
  await signInAs(api, 'acme', username);
  return renderApp(path);
}
const asked = () =>
  api
    .of('POST', '/api/v1/query')
    .map((request) => JSON.parse(request.body).query.datasetId as number);
const page = () => `/dashboards/${board.id}`;
const location = () => screen.getByTestId('location').textContent;
/** The first page of a run loads its lazy parts: slower than the default wait on this machine. */
const startEditing = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 60000 }));
const savedBody = () => JSON.parse(api.of('PUT', `/api/v1${page()}`)[0].body) as Dashboard;

describe('dashboard tabs', { timeout: 120000 }, () => {
  beforeEach(async () => {
    api.holdQueriesUntil = 0;
    board = await api.resetDashboards(onTabs);
    api.requests.length = 0;
  });

  it("queries only the shown tab's charts, and puts the tab chosen in the address", async () => {
    await renderAs('viewer', `${page()}?tab=cars`);
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard tabs' });
    expect(within(tabs).getByRole('tab', { name: 'Cars' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByRole('heading', { name: 'Cars of the world', level: 2 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(asked()).toEqual([api.carsDatasetId]));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'dashboard-tab-cars');

    const user = userEvent.setup({ delay: null });
    await user.click(within(tabs).getByRole('tab', { name: 'Flights' }));
    await waitFor(() => expect(location()).toContain('tab=flights'));
    expect(location()).toContain(`${page()}?`);
    await waitFor(() =>
      expect(asked().sort()).toEqual(
        [api.carsDatasetId, api.flightsDatasetId, api.flightsDatasetId].sort(),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cars of the world' })).toBeNull();
    // The arrow keys move between tabs (MUI Tabs), and the address follows.
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Cars' })).toHaveFocus();
  });

  it('opens the first tab when the address names none or an unknown one', async () => {
    await renderAs('viewer', `${page()}?tab=gone`);
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard tabs' });
    expect(within(tabs).getByRole('tab', { name: 'Flights' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(asked().every((id) => id === api.flightsDatasetId)).toBe(true);
  });

  it('lets an editor add, rename, reorder and delete (after confirmation) tabs', async () => {
    await renderAs('editor', page());
    const user = userEvent.setup({ delay: null });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Add tab' }));
    const title = await screen.findByRole('textbox', { name: 'Tab title' });
    expect(title).toHaveValue('Tab 3');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(title, 'Weather');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // (found once the dialog has closed: until then the page is hidden from the tree)
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard tabs' });
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'Weather' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await waitFor(() => expect(location()).toContain('tab=weather'));
    expect(await screen.findByText('This tab has no tiles yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions of tab Weather' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move earlier' }));
    await user.click(screen.getByRole('button', { name: 'Actions of tab Weather' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const renamed = await screen.findByRole('textbox', { name: 'Tab title' });
    await user.clear(renamed);
    await user.type(renamed, 'Skies{Enter}');
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Flights', 'Skies', 'Cars']),
    );

    // Deleting the Cars tab asks first, then takes its tiles with it.
    await user.click(await within(tabs).findByRole('tab', { name: 'Cars' }));
    await user.click(screen.getByRole('button', { name: 'Actions of tab Cars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete tab' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the tab "Cars"?' });
    expect(confirm).toHaveTextContent('Its 2 tiles are removed from the dashboard.');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(tabs).queryByRole('tab', { name: 'Cars' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', `/api/v1${page()}`)).toHaveLength(1));
    const sent = savedBody();
    expect(sent.tabs).toEqual([
      { id: 'flights', title: 'Flights' },
      { id: 'weather', title: 'Skies' },
    ]);
    expect(sent.tiles.map((tile) => tile.id)).toEqual(['a', 'b', 'n']);
  });

  it('lets an editor add a heading and move a tile to another tab', async () => {
    await renderAs('editor', page());
    const user = userEvent.setup({ delay: null });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Add heading' }));
    await user.type(await screen.findByRole('textbox', { name: 'Heading' }), 'Departures{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Departures', level: 2 }),
    ).toBeInTheDocument();
    const moves = screen.getAllByRole('button', { name: 'Move to another tab' });
    expect(moves).toHaveLength(4); // a, b, the notes and the new heading
    const notes = document.querySelector('[data-tile-id="n"]') as HTMLElement;
    await user.click(within(notes).getByRole('button', { name: 'Move to another tab' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to Cars' }));
    await waitFor(() => expect(document.querySelector('[data-tile-id="n"]')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', `/api/v1${page()}`)).toHaveLength(1));
    const tiles = savedBody().tiles;
    expect(tiles.find((tile) => tile.id === 'n')).toMatchObject({
      tabId: 'cars',
      layout: { y: 8 }, // below chart c of Cars (rows 4 to 8)
    });
    expect(
      tiles.find((tile) => tile.kind === 'heading' && tile.heading === 'Departures'),
    ).toMatchObject({
      tabId: 'flights',
      layout: { x: 0, w: 12, h: 1, y: 6 },
    });
  });
});

describe('a dashboard without tabs', { timeout: 60000 }, () => {
  it('shows no tab bar to viewers and runs every chart', async () => {
    board = await api.resetDashboards();
    api.requests.length = 0;
    await renderAs('viewer', page());
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tabpanel')).toBeNull();
  });
});
