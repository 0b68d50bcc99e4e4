import '../../../support/chartBrowserApis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configure,
  screen,
  waitFor,
  within,
  type BoundFunctions,
  type queries,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startChartsServer, type ChartsServer } from '../../../support/chartsRealServer';
import { renderApp } from '../../../support/renderApp';
import { signInAs } from '../../../support/realSession';
import {
  startChatCompletionsServer,
  type ChatCompletionsServer,
} from '../../../../api/support/chatCompletionsServer';

// The Ask box against the real server with a language model set up (a local server speaking
// the chat-completions protocol stands in for the operator's model): the model's notice when
// it answered, the parser's ignored words when the model is down.

let api: ChartsServer;
let model: ChatCompletionsServer;
beforeAll(async () => {
  // The first render loads the app and the section's chunks: slow on a busy machine.
  configure({ asyncUtilTimeout: 20000 });
  model = await startChatCompletionsServer();
  api = await startChartsServer({
    env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'test-model', AI_API_KEY: 'test-key' },
  });
});
afterAll(async () => {
  await api.close();
  await model.close();
});

type User = ReturnType<typeof userEvent.setup>;
type AskBoxQueries = BoundFunctions<typeof queries>;

async function askFlights(question: string) {
  await signInAs(api, 'acme', 'editor');
  await renderApp('/aicharts/create');
  const box = within(await screen.findByRole('region', { name: 'Ask a question' }));
  const user = userEvent.setup();
  const about = box.getByRole('combobox', { name: 'About' });
  await waitFor(() => expect(about).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(about);
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: 'Flights' }),
  );
  const input = box.getByRole('combobox', { name: 'Question' });
  await waitFor(() => expect(input).toBeEnabled());
  await user.type(input, `${question}{Enter}`);
  return { box, user };
}

async function expectChips(box: AskBoxQueries, labels: string[]) {
  await waitFor(async () => {
    const group = await box.findByRole('group', { name: 'How the question was understood' });
    const chips = Array.from(group.querySelectorAll('[data-token-kind]'), (c) => c.textContent);
    expect(chips).toEqual(labels);
  });
}

async function pickOtherReading(user: User, box: AskBoxQueries) {
  expect(box.getByText('Other readings')).toBeInTheDocument();
  // After a model answer the parser's own reading (the same column chart) is listed first.
  const readings = box.getAllByRole('button', { name: 'Number of flights by origin' });
  await user.click(readings.at(-1)!);
  await expectChips(box, ['Count of rows', 'Origin', 'Pie chart']);
  expect(screen.getByRole('button', { name: 'Pie' })).toHaveAttribute('aria-pressed', 'true');
}

describe('Ask box with a language model', { timeout: 90000 }, () => {
  it("shows the model's notice and loads another reading when clicked", async () => {
    model.answerWith({
      content: JSON.stringify({
        chart: 'column',
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
      }),
    });
    const { box, user } = await askFlights('banana flights by origin');
    expect(await box.findByTestId('answered-by-model')).toHaveTextContent(
      'Answered by the language model: check the reading below.',
    );
    await expectChips(box, ['Count of rows', 'Origin', 'Column chart']);
    await pickOtherReading(user, box);
  });

  it("shows the parser's ignored words when the model is down, and loads another reading", async () => {
    model.answerWith({ status: 503 });
    const { box, user } = await askFlights('banana flights by origin');
    await expectChips(box, ['Count of rows', 'Origin', 'Column chart']);
    expect(box.getByTestId('ignored-words')).toHaveTextContent('Ignored words: banana');
    expect(box.queryByTestId('answered-by-model')).not.toBeInTheDocument();
    await pickOtherReading(user, box);
  });
});
