import '../../../support/chartBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  configure,
  screen,
  waitFor,
  within,
  type BoundFunctions,
  type queries,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SemanticQuery } from '../../../../../common/analytics';
import { startChartsServer, type ChartsServer } from '../../../support/chartsRealServer';
import { renderApp } from '../../../support/renderApp';
import { signInAs } from '../../../support/realSession';

// The Ask box on the new-chart page, in the whole app, against the real server (no language
// model set up; askBoxModel.test.tsx has one): the dataset, the question with its suggestions
// and live reading, the answer's chips and notes.

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

type User = ReturnType<typeof userEvent.setup>;
/** Queries inside the Ask box. */
type AskBoxQueries = BoundFunctions<typeof queries>;

const averageDelayByOrigin = (): SemanticQuery => ({
  datasetId: api.datasetId,
  dimensions: [{ field: 'origin' }],
  measures: [{ field: 'delay', agg: 'avg' }],
  filters: [],
  sort: [],
  limit: 1000,
});

async function openAskBox() {
  await signInAs(api, 'acme', 'editor');
  await renderApp('/aicharts/create');
  return within(await screen.findByRole('region', { name: 'Ask a question' }));
}

async function chooseFlights(user: User, box: AskBoxQueries) {
  const about = box.getByRole('combobox', { name: 'About' });
  await waitFor(() => expect(about).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(about);
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: 'Flights' }),
  );
  await waitFor(() => expect(box.getByRole('combobox', { name: 'Question' })).toBeEnabled());
}

async function ask(user: User, box: AskBoxQueries, question: string) {
  const input = box.getByRole('combobox', { name: 'Question' });
  await user.clear(input);
  await user.type(input, `${question}{Enter}`);
}

function askedBodies() {
  return api.requests
    .filter((request) => request.method === 'POST' && request.path === '/api/v1/aicharts/ask')
    .map((request) => JSON.parse(request.body) as unknown);
}

function lastQuery(): SemanticQuery | undefined {
  const request = api.find('POST', '/api/v1/query');
  return request ? (JSON.parse(request.body).query as SemanticQuery) : undefined;
}

/** The chips' labels, in order, once the answer is shown. */
async function chipLabels(box: AskBoxQueries) {
  const group = await box.findByRole('group', { name: 'How the question was understood' });
  return Array.from(group.querySelectorAll('[data-token-kind]'), (chip) => chip.textContent);
}

async function expectChips(box: AskBoxQueries, labels: string[]) {
  await waitFor(async () => expect(await chipLabels(box)).toEqual(labels));
}

function chip(box: AskBoxQueries, label: string) {
  const group = box.getByRole('group', { name: 'How the question was understood' });
  return within(group).getByRole('button', { name: label });
}

describe('Ask box', { timeout: 90000 }, () => {
  it('waits for a dataset: the question is disabled and the box says why', async () => {
    const box = await openAskBox();
    expect(box.getByRole('combobox', { name: 'Question' })).toBeDisabled();
    expect(box.getByText('Pick a dataset to ask about it.')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Ask' })).toBeDisabled();
    expect(box.queryByText('Try')).not.toBeInTheDocument();
  });

  it('offers example questions made from the chosen dataset, and asks one when clicked', async () => {
    const box = await openAskBox();
    const user = userEvent.setup();
    await chooseFlights(user, box);
    expect(box.queryByText('Pick a dataset to ask about it.')).not.toBeInTheDocument();
    expect(box.getByText('Try')).toBeInTheDocument();
    for (const example of [
      'average delay by origin',
      'delay over time',
      'distribution of delay',
      'top 10 origins by average delay',
    ])
      expect(box.getByRole('button', { name: example })).toBeInTheDocument();

    await user.click(box.getByRole('button', { name: 'distribution of delay' }));
    await waitFor(() =>
      expect(askedBodies()).toEqual([
        { datasetId: api.datasetId, question: 'distribution of delay', language: 'en' },
      ]),
    );
    expect(box.getByRole('combobox', { name: 'Question' })).toHaveValue('distribution of delay');
    await expectChips(box, ['Count of rows', 'Delay', 'Bins of 20', 'Histogram']);
  });

  it('suggests values sampled by the server and reads the question as it is typed', async () => {
    const box = await openAskBox();
    const user = userEvent.setup();
    await chooseFlights(user, box);
    await waitFor(() =>
      expect(api.requests.map((r) => r.path)).toContain(
        `/api/v1/aicharts/context/${api.datasetId}`,
      ),
    );
    const input = box.getByRole('combobox', { name: 'Question' });

    await user.type(input, 'delay from S');
    const suggestions = within(await screen.findByRole('listbox'));
    expect(suggestions.getByRole('option', { name: /^SEA/ })).toHaveTextContent('SEAOrigin');
    expect(suggestions.getByRole('option', { name: /^SFO/ })).toBeInTheDocument();
    expect(suggestions.queryByRole('option', { name: /^PDX/ })).not.toBeInTheDocument();
    // Taking a suggestion completes the word; it does not ask yet.
    await user.click(suggestions.getByRole('option', { name: /^SEA/ }));
    expect(input).toHaveValue('delay from SEA ');
    expect(askedBodies()).toEqual([]);

    await user.clear(input);
    await user.type(input, 'average delay by origin');
    expect(await box.findByTestId('reading-preview')).toHaveTextContent(
      'Reading: Average of Delay · Origin · Column chart',
    );
    // Examples are for an empty question.
    expect(box.queryByText('Try')).not.toBeInTheDocument();
    expect(askedBodies()).toEqual([]);
  });

  it('asks on Enter and shows the answer as chips; the builder runs its query', async () => {
    const box = await openAskBox();
    const user = userEvent.setup();
    await chooseFlights(user, box);
    await ask(user, box, 'average delay by origin');

    await expectChips(box, ['Average of Delay', 'Origin', 'Column chart']);
    expect(askedBodies()).toEqual([
      { datasetId: api.datasetId, question: 'average delay by origin', language: 'en' },
    ]);
    await waitFor(() => expect(lastQuery()).toEqual(averageDelayByOrigin()));
    // The live reading is for a question not yet asked.
    expect(box.queryByTestId('reading-preview')).not.toBeInTheDocument();
    expect(box.queryByTestId('answered-by-model')).not.toBeInTheDocument();
    expect(box.queryByTestId('ignored-words')).not.toBeInTheDocument();
  });

  it("shows a refused question's message at the field until the question changes", async () => {
    const box = await openAskBox();
    const user = userEvent.setup();
    await chooseFlights(user, box);
    await ask(user, box, 'bananas');

    const message =
      'question: no field, value or keyword of "Flights" was recognised in it. ' +
      'Name a field, for example "average price by category".';
    expect(await box.findByText(message)).toBeInTheDocument();
    const input = box.getByRole('combobox', { name: 'Question' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(box.queryByRole('group', { name: 'How the question was understood' })).toBeNull();

    await user.type(input, ' by origin');
    expect(box.queryByText(message)).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('says why a chart asked by name is shown as another', async () => {
    const box = await openAskBox();
    const user = userEvent.setup();
    await chooseFlights(user, box);
    await ask(user, box, 'histogram of origin');

    await expectChips(box, ['Count of rows', 'Origin', 'Column chart']);
    expect(box.getByTestId('answer-note')).toHaveTextContent(
      'A histogram needs a numeric field; showing number of flights by origin instead.',
    );
  });

  it("removes a chip's part with its cross and changes one from its menu", async () => {
    const box = await openAskBox();
    const user = userEvent.setup();
    await chooseFlights(user, box);
    await ask(user, box, 'average delay by origin, top 10');
    await expectChips(box, [
      'Average of Delay',
      'Origin',
      'Sorted by Average of Delay, descending',
      'Top 10',
      'Column chart',
    ]);

    await user.click(chip(box, 'Average of Delay'));
    await user.click(await screen.findByRole('menuitem', { name: 'Maximum' }));
    await expectChips(box, [
      'Maximum of Delay',
      'Origin',
      'Sorted by Maximum of Delay, descending',
      'Top 10',
      'Column chart',
    ]);

    await user.click(within(chip(box, 'Top 10')).getByTestId('CancelIcon'));
    await expectChips(box, [
      'Maximum of Delay',
      'Origin',
      'Sorted by Maximum of Delay, descending',
      'Column chart',
    ]);
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        ...averageDelayByOrigin(),
        measures: [{ field: 'delay', agg: 'max' }],
        sort: [{ key: 'max_delay', dir: 'desc' }],
      }),
    );
  });
});
