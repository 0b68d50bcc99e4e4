// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../common/charts';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// The dashboard page against the real server at acme.localhost: "Flights" (dashboardFixtures)
// saved afresh through the API before each test, over acme's DuckDB tables.

let api: DashboardsServer;
let flights: Dashboard;
beforeAll(async () => {
  api = await startDashboardsServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  api.holdQueriesUntil = 0;
  flights = await api.resetDashboards();
  api.requests.length = 0;
});

const VIEWER = 'viewer';
const EDITOR = 'editor';
async function renderAs(username: string, path: string) {
  await signInAs(api, 'acme', username);
  return renderApp(path);
}
const queryBodies = (server: DashboardsServer, path = '/api/v1/query') =>
  server.of('POST', path).map((request) => JSON.parse(request.body));
const page = () => `/dashboards/${flights.id}`;

const location = () => screen.getByTestId('location').textContent;

describe('dashboard page', { timeout: 60000 }, () => {
  it('runs every chart tile query at once, with the dashboard filters merged', async () => {
    // No answer until all three queries have arrived: one after another would never finish.
    api.holdQueriesUntil = 3;
    const { container } = await renderAs(VIEWER, page());
    await waitFor(() => expect(queryBodies(api)).toHaveLength(3), { timeout: 30000 });
    // Answered: no tile is waiting for its data any more.
    // (jsdom has no canvas: a tile whose answer arrived ends its drawing in 'error' there.)
    const states = () =>
      [...container.querySelectorAll('[data-tile-state]')].map((tile) =>
        tile.getAttribute('data-tile-state'),
      );
    await waitFor(() => expect(states().filter((state) => state !== 'loading')).toHaveLength(3));
    const bodies = queryBodies(api);
    const byChart = (dimension: string, datasetId: number) =>
      bodies.find(
        (body) =>
          body.query.datasetId === datasetId && body.query.dimensions[0].field === dimension,
      ).query;
    const range = { field: 'date', op: 'between', value: ['2001-01-01', '2001-03-31'] };
    const own = { field: 'distance', op: '>', value: 100 };
    expect(byChart('origin', api.flightsDatasetId).filters).toEqual([own, range]);
    expect(byChart('destination', api.flightsDatasetId).filters).toEqual([own, range]);
    expect(byChart('Origin', api.carsDatasetId).filters).toEqual([own]);
    expect(byChart('origin', api.flightsDatasetId)).toMatchObject({
      measures: [{ field: '*', agg: 'count' }],
      limit: 50,
    });
  });

  it('runs the queries again with a changed filter', async () => {
    await renderAs(VIEWER, page());
    const to = await screen.findByLabelText('Date: to');
    await waitFor(() => expect(queryBodies(api)).toHaveLength(3));
    fireEvent.change(to, { target: { value: '2001-01-15' } });
    const narrowed = () =>
      queryBodies(api).filter((body) =>
        JSON.stringify(body.query.filters).includes('["2001-01-01","2001-01-15"]'),
      );
    await waitFor(() => expect(narrowed()).toHaveLength(2));
    expect(
      narrowed()
        .map((body) => body.query.dimensions[0].field)
        .sort(),
    ).toEqual(['destination', 'origin']);
    // The unbound chart runs again too; waited for, so it cannot land in the next test's log.
    await waitFor(() => expect(queryBodies(api)).toHaveLength(6));
  });

  it('offers the values of a values filter and filters the bound chart by the picked one', async () => {
    await renderAs(VIEWER, page());
    const origin = await screen.findByRole('combobox', { name: 'Origin' });
    await waitFor(() => expect(queryBodies(api)).toHaveLength(3));
    const user = userEvent.setup({ delay: null });
    await user.click(origin);
    await user.click(await screen.findByRole('option', { name: 'SEA' }));
    const valuesCall = api.of('POST', '/api/v1/query/values')[0];
    expect(JSON.parse(valuesCall.body)).toEqual({
      datasetId: api.flightsDatasetId,
      field: 'origin',
      search: '',
    });
    await waitFor(() =>
      expect(
        queryBodies(api).filter((body) =>
          body.query.filters.some((f: { field: string }) => f.field === 'origin'),
        ),
      ).toHaveLength(1),
    );
    const narrowed = queryBodies(api).find((body) =>
      body.query.filters.some((f: { field: string }) => f.field === 'origin'),
    );
    expect(narrowed.query.dimensions).toEqual([{ field: 'destination' }]);
    expect(narrowed.query.filters).toContainEqual({ field: 'origin', op: '=', value: 'SEA' });
  });

  it('keeps the filter values in the address, and applies those an address sets', async () => {
    await renderAs(VIEWER, `${page()}?f.from=SEA&f.when=2001-02-01&f.when=2001-02-28`);
    const asked = () => queryBodies(api).map((body) => JSON.stringify(body.query.filters));
    await waitFor(() => expect(queryBodies(api)).toHaveLength(3));
    expect(asked().filter((filters) => filters.includes('"value":"SEA"'))).toHaveLength(1);
    expect(
      asked().filter((filters) => filters.includes('["2001-02-01","2001-02-28"]')),
    ).toHaveLength(2);
    expect((screen.getByLabelText('Date: from') as HTMLInputElement).value).toBe('2001-02-01');

    fireEvent.change(screen.getByLabelText('Date: to'), { target: { value: '2001-02-15' } });
    await waitFor(() =>
      expect(location()).toBe(`${page()}?f.when=2001-02-01&f.when=2001-02-15&f.from=SEA`),
    );
    // Cleared, the date range says so: its default would come back otherwise.
    fireEvent.change(screen.getByLabelText('Date: from'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Date: to'), { target: { value: '' } });
    await waitFor(() => expect(location()).toBe(`${page()}?f.when=&f.from=SEA`));
    // Both flights charts asked again without a date; waited for, so no answer lands later.
    const undated = () =>
      queryBodies(api).filter(
        (body) =>
          body.query.datasetId === api.flightsDatasetId &&
          !JSON.stringify(body.query.filters).includes('"date"'),
      );
    await waitFor(() => expect(undated()).toHaveLength(2));
  });

  it('renders markdown tiles without HTML', async () => {
    const { container } = await renderAs(VIEWER, page());
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    const tile = container.querySelector('[data-tile-kind="text"]')!;
    expect(tile.querySelector('img')).toBeNull();
    expect(tile.textContent).toContain('<img src=x onerror="window.hacked=1">');
  });

  it('shows viewers no edit controls', async () => {
    await renderAs(VIEWER, page());
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Refresh' }).length).toBeGreaterThan(0);
    for (const name of ['Edit', 'Share', 'Duplicate', 'Delete', 'Add chart', 'Save']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Actions of Flights by origin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Export CSV' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Remove from dashboard' })).toBeNull();
  });

  it('lets editors add a text tile and a chart, then saves the dashboard', async () => {
    await renderAs(EDITOR, page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.type(await screen.findByLabelText('Text (Markdown)'), 'Hello **team**');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Add chart' }));
    const list = await screen.findByRole('list', { name: 'Add a saved chart' });
    await user.click(await within(list).findByText('Cars by origin'));
    await user.click(await screen.findByRole('combobox', { name: 'Auto-refresh' }));
    await user.click(await screen.findByRole('option', { name: 'Every minute' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.of('PUT', `/api/v1${page()}`)).toHaveLength(1));
    const sent = JSON.parse(api.of('PUT', `/api/v1${page()}`)[0].body);
    expect(Object.keys(sent).sort()).toEqual([
      'description',
      'filters',
      'name',
      'refreshSeconds',
      'tabs',
      'tiles',
    ]);
    expect(sent.refreshSeconds).toBe(60);
    expect(sent.tiles).toHaveLength(6);
    expect(sent.tiles[4]).toMatchObject({
      kind: 'text',
      markdown: 'Hello **team**',
      layout: { x: 0, y: 8 },
    });
    expect(sent.tiles[5]).toMatchObject({
      kind: 'chart',
      chartId: api.charts[2].id,
      // beside the text tile added just before it, at a chart's height
      layout: { x: 4, y: 8, w: 6, h: 4 },
    });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('cancel leaves the dashboard as it was', async () => {
    await renderAs(EDITOR, page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getAllByRole('button', { name: 'Remove text' })[0]);
    expect(screen.queryByRole('heading', { name: 'Notes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(api.of('PUT', `/api/v1${page()}`)).toHaveLength(0);
  });
});

describe('duplicate and delete', { timeout: 60000 }, () => {
  it('duplicates the dashboard and opens the copy', async () => {
    await renderAs(EDITOR, page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => {
      expect(location()).toMatch(/^\/dashboards\/\d+$/);
      expect(location()).not.toBe(page());
    });
    expect(api.of('POST', `/api/v1${page()}/duplicate`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Flights (copy)' })).toBeInTheDocument();
  });

  it('deletes the dashboard only after confirmation', async () => {
    await renderAs(EDITOR, page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete the dashboard "Flights"?');
    expect(api.of('DELETE', `/api/v1${page()}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toBe('/dashboards'));
    expect(api.of('DELETE', `/api/v1${page()}`)).toHaveLength(1);
  });
});

describe('share dialog', { timeout: 60000 }, () => {
  it('creates a link and shows its full address only once', async () => {
    await renderAs(EDITOR, page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Label/), 'Board meeting');
    await user.click(within(dialog).getByLabelText('Freeze current filter values'));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const address = await within(dialog).findByLabelText('Link address');
    const shown = (address as HTMLInputElement).value;
    const token = shown.slice(`${window.location.origin}/share${page()}/`.length);
    expect(shown).toBe(`${window.location.origin}/share${page()}/${token}`);
    expect(token).toMatch(/^[\w-]{32,}$/);
    expect(within(dialog).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    const created = JSON.parse(api.of('POST', `/api/v1${page()}/shareLinks`)[0].body);
    expect(created).toEqual({
      label: 'Board meeting',
      frozenFilters: [{ filterId: 'when', value: ['2001-01-01', '2001-03-31'] }],
    });
    const table = within(dialog).getByRole('table', { name: 'Share links' });
    expect(await within(table).findByText('Board meeting')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText('Board meeting')).toBeInTheDocument();
    expect(within(again).queryByLabelText('Link address')).toBeNull();
    expect(document.body.textContent).not.toContain(token);

    const link = await api.app.db
      .selectFrom('share_links')
      .select('id')
      .where('dashboard_id', '=', flights.id)
      .executeTakeFirstOrThrow();
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the link "Board meeting"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.of('DELETE', `/api/v1${page()}/shareLinks/${link.id}`)).toHaveLength(1),
    );
    await waitFor(() => expect(within(again).queryByRole('button', { name: 'Revoke' })).toBeNull());
  });
});

describe('share link attributes', { timeout: 60000 }, () => {
  it('gives a link the viewer attributes typed, refusing a malformed one at the field', async () => {
    // An admin may give any attributes; anyone else only their own (next test).
    await renderAs('admin', page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Label/), 'North office');
    const attributes = within(dialog).getByLabelText('Viewer attributes');
    await user.type(attributes, 'the region = North');
    expect(within(dialog).getByText(/Letters, digits and _ only/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeDisabled();
    await user.clear(attributes);
    await user.type(attributes, 'region = North{Enter}customers = 41, 42');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByLabelText('Link address');
    const created = JSON.parse(api.of('POST', `/api/v1${page()}/shareLinks`).at(-1)!.body);
    expect(created.attributes).toEqual({ region: 'North', customers: ['41', '42'] });
  });

  it('tells an editor at the field that an attribute is wider than their own', async () => {
    await renderAs(EDITOR, page());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Label/), 'Everything');
    const attributes = within(dialog).getByLabelText('Viewer attributes');
    await user.type(attributes, 'region = South');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const message = await within(dialog).findByText(/"South" is not one of your own values/);
    expect(attributes).toHaveAccessibleDescription(message.textContent!);
    expect(attributes).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByLabelText('Link address')).toBeNull();
    expect(within(dialog).getByLabelText(/^Label/)).toHaveValue('Everything');
  });
});

describe('landing after sign-in', { timeout: 60000 }, () => {
  it('stays on the dashboards list when there are dashboards', async () => {
    await renderAs(VIEWER, '/dashboards?landing');
    expect(await screen.findByText('Flights')).toBeInTheDocument();
    expect(location()).toBe('/dashboards?landing');
  });

  it('goes on to getting-started when there are none', async () => {
    await api.deleteDashboards();
    await renderAs(VIEWER, '/dashboards?landing');
    await waitFor(() => expect(location()).toBe('/getting-started'));
  });
});
