import '../../support/chartBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SemanticQuery } from '../../../../src/model/analytics';
import {
  EDITOR,
  dashboards,
  resultFor,
  savedChart,
  type ChartsTestServer,
} from '../../support/chartsTestServer';
import { renderAs, startServerForCharts } from '../../support/renderCharts';

let api: ChartsTestServer;
beforeAll(async () => {
  // The first render loads the app and the section's chunks: slow on a busy machine.
  configure({ asyncUtilTimeout: 20000 });
  api = await startServerForCharts();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.charts.splice(0, api.charts.length, savedChart());
  api.dashboards.splice(0, api.dashboards.length, ...dashboards());
  api.query = (query) => ({ status: 200, body: resultFor(query) });
});

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, combobox: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: option }),
  );
}

async function addField(user: User, field: string, destination: string) {
  await user.click(screen.getByRole('button', { name: `Add ${field}` }));
  await user.click(await screen.findByRole('menuitem', { name: destination }));
}

function lastQuery(): SemanticQuery | undefined {
  const request = api.find('POST', '/api/v1/query');
  return request ? (JSON.parse(request.body).query as SemanticQuery) : undefined;
}

const WEEKLY_DELAY_FROM_SEA: SemanticQuery = {
  datasetId: 7,
  dimensions: [{ field: 'date', grain: 'week' }],
  measures: [{ field: 'delay', agg: 'avg' }],
  filters: [{ field: 'origin', op: '=', value: 'SEA' }],
  sort: [],
  limit: 1000,
};

async function buildWeeklyDelay(user: User) {
  // The dataset picker is enabled once the datasets have arrived.
  const datasets = await screen.findByRole('combobox', { name: 'Dataset' });
  await waitFor(() => expect(datasets).not.toHaveAttribute('aria-disabled', 'true'));
  await choose(user, 'Dataset', 'Flights');
  await addField(user, 'Date', 'Add to dimensions');
  await choose(user, 'Time grain of Date', 'week');
  await addField(user, 'Delay', 'Add to measures');
  await choose(user, 'Aggregation of Delay', 'avg');
  await addField(user, 'Origin', 'Add a filter');
  await user.type(screen.getByRole('textbox', { name: 'Value of Origin' }), 'SEA');
  await waitFor(() => expect(lastQuery()).toEqual(WEEKLY_DELAY_FROM_SEA));
}

describe('chart builder', { timeout: 90000 }, () => {
  it('builds the query from the wells and shows the SQL it ran', async () => {
    await renderAs(EDITOR, '/aicharts/create');
    const user = userEvent.setup();
    expect((await screen.findAllByText('Pick a dataset to start')).length).toBeGreaterThan(0);
    await buildWeeklyDelay(user);
    await user.click(screen.getByRole('button', { name: 'Add a sort' }));
    await choose(user, 'Sort by', 'Date');
    await choose(user, 'Direction', 'Ascending');
    const limit = screen.getByRole('spinbutton', { name: 'Row limit' });
    await user.clear(limit);
    await user.type(limit, '50');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        ...WEEKLY_DELAY_FROM_SEA,
        sort: [{ key: 'date', dir: 'asc' }],
        limit: 50,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'SQL that ran' }));
    expect(await screen.findByLabelText('SQL that ran')).toHaveTextContent(
      'SELECT "origin" FROM "flights" -- dataset 7',
    );
    expect(screen.getByText('2 rows')).toBeInTheDocument();
  });

  it('switches the chart type and saves the chart with the right body', async () => {
    await renderAs(EDITOR, '/aicharts/create');
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Dataset' });
    await buildWeeklyDelay(user);
    const line = screen.getByRole('button', { name: 'Line' });
    await user.click(line);
    expect(line).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Column' })).toHaveAttribute('aria-pressed', 'false');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Weekly delay');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Weekly delay');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/v1/aicharts')).toBeDefined());
    expect(JSON.parse(api.find('POST', '/api/v1/aicharts')!.body)).toEqual({
      datasetId: 7,
      name: 'Weekly delay',
      description: '',
      spec: {
        type: 'line',
        title: 'Weekly delay',
        query: WEEKLY_DELAY_FROM_SEA,
        encoding: { x: 'date', y: ['avg_delay'] },
        options: { legend: 'bottom' },
      },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/aicharts/12'));
  });

  it('opens a saved chart in its wells and updates it', async () => {
    await renderAs(EDITOR, '/aicharts/11');
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Aggregation of Delay' })).toHaveTextContent(
      'avg',
    );
    await waitFor(() => expect(lastQuery()).toEqual(savedChart().spec.query));
    await user.click(screen.getByRole('button', { name: 'Pie' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT', '/api/v1/aicharts/11')).toBeDefined());
    const sent = JSON.parse(api.find('PUT', '/api/v1/aicharts/11')!.body);
    expect(sent).toMatchObject({ datasetId: 7, name: 'Delay by origin' });
    expect(sent.spec.type).toBe('pie');
    expect(sent.spec.query).toEqual(savedChart().spec.query);
  });

  it('shows the server message when the query fails', async () => {
    api.query = () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'query.measures.0.field: no field "nope"',
      },
    });
    await renderAs(EDITOR, '/aicharts/11');
    expect(await screen.findByText(/no field "nope"/)).toBeInTheDocument();
  });

  it('appends a tile at the bottom of an existing dashboard', async () => {
    await renderAs(EDITOR, '/aicharts/11');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to dashboard' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Dashboard' })).toHaveTextContent(
        'Operations',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.find('PUT', '/api/v1/dashboards/5')).toBeDefined());
    const sent = JSON.parse(api.find('PUT', '/api/v1/dashboards/5')!.body);
    expect(sent.tiles.slice(0, 2)).toEqual(dashboards()[0].tiles);
    expect(sent.tiles[2]).toMatchObject({
      kind: 'chart',
      chartId: 11,
      layout: { x: 0, y: 10, w: 6, h: 4 },
    });
    expect(typeof sent.tiles[2].id).toBe('string');
    expect(await screen.findByText('The chart was added to Operations')).toBeInTheDocument();
  });

  it('starts a new dashboard with the chart', async () => {
    await renderAs(EDITOR, '/aicharts/11');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to dashboard' }));
    await screen.findByRole('dialog');
    await choose(user, 'Dashboard', 'A new dashboard');
    const name = screen.getByRole('textbox', { name: /Name of the new dashboard/ });
    await user.clear(name);
    await user.type(name, 'Delays');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/dashboards')).toBeDefined());
    expect(JSON.parse(api.find('POST', '/api/v1/dashboards')!.body)).toMatchObject({
      name: 'Delays',
      filters: [],
      refreshSeconds: 0,
      tiles: [{ kind: 'chart', chartId: 11, layout: { x: 0, y: 0, w: 6, h: 4 } }],
    });
  });

  it('offers adding to a dashboard only once the chart is saved', async () => {
    await renderAs(EDITOR, '/aicharts/create');
    expect(await screen.findByRole('button', { name: 'Add to dashboard' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
