import '../../support/chartBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DatasetField, QueryResult, SemanticQuery } from '../../../../common/analytics';
import type { SavedChart } from '../../../../common/charts';
import { call } from '../../../api/fixtures';
import { addWarehouseDataset } from '../../../api/chartsHarness';
import {
  delayByOrigin,
  editorCall,
  operationsTiles,
  startChartsServer,
  type ChartsServer,
} from '../../support/chartsRealServer';
import { renderApp } from '../../support/renderApp';
import { signInAs } from '../../support/realSession';

// The chart builder against the real server (acme's Flights dataset, the chart "Delay by
// origin" on the dashboard "Operations"). The tests run in order: the update test turns the
// saved chart into a pie; no later test depends on its type.

let api: ChartsServer;
beforeAll(async () => {
  // The first render loads the app and the section's chunks: slow on a busy machine.
  configure({ asyncUtilTimeout: 20000 });
  api = await startChartsServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

async function renderAsEditor(path: string) {
  await signInAs(api, 'acme', 'editor');
  return renderApp(path);
}

/**
 * A chart that was valid when saved and whose field "nope" its dataset no longer has: the
 * dataset "Old flights" lost the field in an edit of its fields.
 */
async function addBrokenChart(): Promise<SavedChart> {
  await api.app.sourceConnectors.withWarehouse(api.accountId, (warehouse) =>
    warehouse.withConnection((connection) =>
      connection.run(
        "create or replace table old_flights as select 'SEA' as origin, 1.5::double as nope",
      ),
    ),
  );
  const origin: DatasetField = {
    name: 'origin',
    label: 'Origin',
    type: 'string',
    role: 'dimension',
    synonyms: [],
  };
  const nope: DatasetField = {
    name: 'nope',
    label: 'Nope',
    type: 'number',
    role: 'measure',
    synonyms: [],
  };
  const datasetId = await addWarehouseDataset(api, api.accountId, {
    name: 'Old flights',
    table: 'old_flights',
    fields: [origin, nope],
  });
  const chart = await editorCall<SavedChart>(api, 'POST', '/api/v1/aicharts', {
    datasetId,
    name: 'Nope by origin',
    spec: {
      type: 'bar',
      title: 'Nope by origin',
      query: {
        datasetId,
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'nope', agg: 'avg' }],
        filters: [],
        sort: [],
      },
      encoding: { x: 'origin', y: ['avg_nope'] },
      options: {},
    },
  });
  const dataset = await editorCall<object>(api, 'GET', `/api/v1/datasets/${datasetId}`);
  await editorCall(api, 'PUT', `/api/v1/datasets/${datasetId}`, { ...dataset, fields: [origin] });
  return chart;
}

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

const weeklyDelayFromSea = (): SemanticQuery => ({
  datasetId: api.datasetId,
  dimensions: [{ field: 'date', grain: 'week' }],
  measures: [{ field: 'delay', agg: 'avg' }],
  filters: [{ field: 'origin', op: '=', value: 'SEA' }],
  sort: [],
  limit: 1000,
});

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
  await waitFor(() => expect(lastQuery()).toEqual(weeklyDelayFromSea()));
}

describe('chart builder', { timeout: 90000 }, () => {
  it('builds the query from the wells and shows the SQL it ran', async () => {
    await renderAsEditor('/aicharts/create');
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
        ...weeklyDelayFromSea(),
        sort: [{ key: 'date', dir: 'asc' }],
        limit: 50,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'SQL that ran' }));
    // The SQL the server compiled for the query sent, as it answers it.
    const ran = await call(api, 'POST', '/api/v1/query', {
      body: JSON.parse(api.find('POST', '/api/v1/query')!.body),
      token: api.editorToken,
      site: 'acme',
    });
    expect(await screen.findByLabelText('SQL that ran')).toHaveTextContent(
      (ran.json as QueryResult).sql!.replace(/\s+/g, ' '),
    );
    expect(screen.getByText('2 rows')).toBeInTheDocument();
  });

  it('switches the chart type and saves the chart with the right body', async () => {
    await renderAsEditor('/aicharts/create');
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
      datasetId: api.datasetId,
      name: 'Weekly delay',
      description: '',
      spec: {
        type: 'line',
        title: 'Weekly delay',
        query: weeklyDelayFromSea(),
        encoding: { x: 'date', y: ['avg_delay'] },
        options: { legend: 'bottom' },
      },
    });
    const saved = await api.app.db
      .selectFrom('charts')
      .select('id')
      .where('name', '=', 'Weekly delay')
      .executeTakeFirstOrThrow();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/aicharts/${saved.id}`),
    );
  });

  it('opens a saved chart in its wells and updates it', async () => {
    await renderAsEditor(`/aicharts/${api.chart.id}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Aggregation of Delay' })).toHaveTextContent(
      'avg',
    );
    await waitFor(() => expect(lastQuery()).toEqual(delayByOrigin(api.datasetId).query));
    await user.click(screen.getByRole('button', { name: 'Pie' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const chartPath = `/api/v1/aicharts/${api.chart.id}`;
    await waitFor(() => expect(api.find('PUT', chartPath)).toBeDefined());
    const sent = JSON.parse(api.find('PUT', chartPath)!.body);
    expect(sent).toMatchObject({ datasetId: api.datasetId, name: 'Delay by origin' });
    expect(sent.spec.type).toBe('pie');
    expect(sent.spec.query).toEqual(delayByOrigin(api.datasetId).query);
  });

  it('shows the server message when the query fails', async () => {
    const broken = await addBrokenChart();
    await renderAsEditor(`/aicharts/${broken.id}`);
    expect(await screen.findByText(/measures\.0\.field: unknown field "nope"/)).toBeInTheDocument();
  });

  it('appends a tile at the bottom of an existing dashboard', async () => {
    await renderAsEditor(`/aicharts/${api.chart.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to dashboard' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Dashboard' })).toHaveTextContent(
        'Operations',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const dashboardPath = `/api/v1/dashboards/${api.dashboard!.id}`;
    await waitFor(() => expect(api.find('PUT', dashboardPath)).toBeDefined());
    const sent = JSON.parse(api.find('PUT', dashboardPath)!.body);
    expect(sent.tiles.slice(0, 2)).toEqual(operationsTiles(api.chart.id));
    expect(sent.tiles[2]).toMatchObject({
      kind: 'chart',
      chartId: api.chart.id,
      layout: { x: 0, y: 10, w: 6, h: 4 },
    });
    expect(typeof sent.tiles[2].id).toBe('string');
    expect(await screen.findByText('The chart was added to Operations')).toBeInTheDocument();
  });

  it('starts a new dashboard with the chart', async () => {
    await renderAsEditor(`/aicharts/${api.chart.id}`);
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
      tiles: [{ kind: 'chart', chartId: api.chart.id, layout: { x: 0, y: 0, w: 6, h: 4 } }],
    });
  });

  it('offers adding to a dashboard only once the chart is saved', async () => {
    await renderAsEditor('/aicharts/create');
    expect(await screen.findByRole('button', { name: 'Add to dashboard' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
