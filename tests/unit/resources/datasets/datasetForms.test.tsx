// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAnalyticsServer, type AnalyticsServer } from '../../support/analyticsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// The dataset screens against the real server at acme.localhost (analyticsRealServer).

let api: AnalyticsServer;
beforeAll(async () => {
  api = await startAnalyticsServer();
});
afterAll(() => api.close());

const EDITOR = 'editor';
async function renderAs(username: string, path: string) {
  await signInAs(api, 'acme', username);
  return renderApp(path);
}

describe('dataset edit', { timeout: 90000 }, () => {
  it('edits labels, roles and synonyms of the fields and saves them', async () => {
    await renderAs(EDITOR, `/datasets/${api.flightsId}`);
    const user = userEvent.setup();
    const labels = await screen.findAllByLabelText(/^Label/);
    expect(labels.map((input) => (input as HTMLInputElement).value)).toEqual([
      'Date',
      'Delay',
      'Origin',
    ]);
    await user.clear(labels[1]);
    await user.type(labels[1], 'Delay (minutes)');
    const synonyms = screen.getByLabelText('Synonyms of origin');
    await user.type(synonyms, 'from{Enter}departure, source{Enter}');
    await user.click(screen.getAllByRole('combobox', { name: /^Role/ })[1]);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Dimension' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('PUT', `/api/v1/datasets/${api.flightsId}`)).toBeDefined());
    const sent = api.json(api.find('PUT', `/api/v1/datasets/${api.flightsId}`)!);
    expect(sent).toMatchObject({ sourceId: api.warehouseId, name: 'Flights', table: 'flights' });
    expect(sent.fields).toEqual([
      { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: [] },
      {
        name: 'delay',
        label: 'Delay (minutes)',
        type: 'number',
        role: 'dimension',
        synonyms: ['late'],
      },
      {
        name: 'origin',
        label: 'Origin',
        type: 'string',
        role: 'dimension',
        synonyms: ['from', 'departure', 'source'],
      },
    ]);
  });

  it('shows the first rows and the row count, and counts again on request', async () => {
    await renderAs(EDITOR, `/datasets/${api.flightsId}`);
    const preview = await screen.findByRole('grid', { name: 'Preview' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['date', 'delay', 'origin']);
    expect(screen.getByText('3,000,000 rows')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Count again' }));
    expect(await screen.findByText('3,000,123 rows')).toBeInTheDocument();
    expect(api.find('POST', `/api/v1/datasets/${api.flightsId}/refresh`)).toBeDefined();
  });
});

describe('dataset create', { timeout: 90000 }, () => {
  it('creates a dataset over the table a link chose', async () => {
    await renderAs(EDITOR, `/datasets/create?sourceId=${api.warehouseId}&table=flights`);
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('flights');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Table/ })).toHaveTextContent('flights'),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/v1/datasets')).toBeDefined());
    expect(api.json(api.find('POST', '/api/v1/datasets')!)).toEqual({
      sourceId: api.warehouseId,
      name: 'flights',
      table: 'flights',
    });
  });

  it('creates a dataset from SQL and requires the query', async () => {
    await renderAs(EDITOR, '/datasets/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Late flights');
    await user.click(screen.getByRole('combobox', { name: /Source/ }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sales DB' }),
    );
    await user.click(screen.getByRole('radio', { name: 'A SQL query' }));
    const before = api.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/v1/datasets',
    ).length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(
      api.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/datasets'),
    ).toHaveLength(before);

    await user.type(screen.getByLabelText(/^SQL query/), 'SELECT * FROM orders');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/datasets'),
      ).toHaveLength(before + 1),
    );
    expect(api.json(api.find('POST', '/api/v1/datasets')!)).toEqual({
      sourceId: api.salesId,
      name: 'Late flights',
      sql: 'SELECT * FROM orders',
    });
  });
});

// Last: its save recounts the dataset's rows, which the tests above read as seeded.
describe('dataset drill paths', { timeout: 120000 }, () => {
  it('declares a drill path, refusing one of a single field at the field, and saves it', async () => {
    await renderAs(EDITOR, `/datasets/${api.flightsId}`);
    const user = userEvent.setup();
    const puts = () => api.find('PUT', `/api/v1/datasets/${api.flightsId}`);
    const before = puts();
    await user.click(await screen.findByRole('button', { name: 'Add a drill path' }));
    const path = screen.getByRole('combobox', { name: 'Drill path 1' });
    await user.click(path);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Origin' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A drill path needs two fields at least')).toBeDefined();
    expect(puts()).toBe(before);

    await user.click(path);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Date' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).not.toBe(before));
    expect(api.json(puts()!).drillPaths).toEqual([['origin', 'date']]);
  });
});
