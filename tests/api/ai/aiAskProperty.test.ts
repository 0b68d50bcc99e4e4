import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import type { AskAnswer, QuestionContext } from '../../../common/nl';
import { fitsType } from '../../../common/nl/chartFit';
import { closeAllWarehouses } from '../../../server/engines/duckdb/warehouseRegistry';
import { login, startServer, type Session, type TestServer } from '../harness';
import { datasetWords, questionArbitrary } from '../support/questionArbitrary';

// Thousands of generated questions to POST /api/v1/aicharts/ask over the demo datasets and a
// CSV uploaded as a user uploads it (roles inferred): no answer is 5xx, every 4xx says what is
// wrong, and every chart answered (and every alternative reading) can be drawn as its type
// and runs on the real engine
// through POST /api/v1/query, with its encoding naming columns of the result. Requests go
// through app.inject (the real routes, auth and engine, without sockets) to stay fast.

const QUESTIONS = 2500;
/** The 3M-row flights table is left out: its queries would take the time of the others. */
const SKIPPED = new Set(['Flights']);
/** Uploaded as a user uploads them: people (text, ages, dates, places), and hourly counts. */
const UPLOADS: Array<{ file: string; name: string }> = [
  { file: 'la-riots.csv', name: 'LA riots' },
  { file: 'github.csv', name: 'GitHub activity' },
];

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let server: TestServer;
let editor: Session;
let datasets: Array<{ dataset: Dataset; words: string[] }> = [];

async function call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> {
  const response = await server.app.inject({
    method,
    url,
    headers: editor.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function uploadCsv(file: string, name: string): Promise<void> {
  const sources = await call('GET', '/api/v1/datasources');
  const warehouse = (sources.body as unknown as Array<{ id: number; type: string }>).find(
    (source) => source.type === 'duckdb',
  )!;
  const form = new FormData();
  const content = readFileSync(`node_modules/vega-datasets/data/${file}`);
  form.append('file', new Blob([content]), file);
  const uploaded = await fetch(`${server.baseUrl}/api/v1/datasources/${warehouse.id}/uploads`, {
    method: 'POST',
    headers: editor.headers,
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const table = ((await uploaded.json()) as { table: string }).table;
  const created = await call('POST', '/api/v1/datasets', {
    sourceId: warehouse.id,
    name,
    table,
  });
  expect(created.status).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ seedDemoWarehouse: true });
  editor = await login(server.baseUrl, 'acme', 'editor');
  for (const { file, name } of UPLOADS) await uploadCsv(file, name);
  const list = await call('GET', '/api/v1/datasets?range=[0,99]');
  const all = (list.body as unknown as Dataset[]).filter((dataset) => !SKIPPED.has(dataset.name));
  datasets = await Promise.all(
    all.map(async (dataset) => {
      const context = await call('GET', `/api/v1/aicharts/context/${dataset.id}`);
      const { values } = context.body as unknown as Pick<QuestionContext, 'values'>;
      return { dataset, words: datasetWords(dataset, values) };
    }),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await closeAllWarehouses();
});

/** A 4xx names what is wrong: { statusCode, error, message } and, for a bad field, which. */
function expectErrorShape(answer: Answer, question: string): void {
  const context = { question, answer: answer.body };
  expect(answer.body, JSON.stringify(context)).toMatchObject({
    statusCode: answer.status,
    error: expect.any(String),
    message: expect.stringMatching(/\S/),
  });
  if (answer.status === 400) expect(answer.body.field, JSON.stringify(context)).toBeTruthy();
}

/**
 * The spec's type can be drawn from its query, it runs as the UI runs it, and its encoding
 * names columns the query answers.
 */
async function expectRuns(spec: ChartSpec, dataset: Dataset, question: string): Promise<void> {
  expect(fitsType(spec, dataset.fields), JSON.stringify({ question, spec })).toBe(true);
  const result = await call('POST', '/api/v1/query', { query: spec.query });
  const context = JSON.stringify({ question, spec, answer: result.body });
  expect(result.status, context).toBe(200);
  const columns = (result.body.columns as Array<{ name: string }>).map((column) => column.name);
  const { x, y = [], series, color, size } = spec.encoding;
  for (const name of [x, ...y, series, color, size]) {
    if (name !== undefined) expect(columns, context).toContain(name);
  }
}

describe('ask: questions found by the generator, kept', () => {
  it.each([
    ['GitHub activity', 'number of rows by count'],
    ['GitHub activity', 'histogram of count'],
    ['Cars', 'scatter plot of horsepower'],
    ['Cars', 'histogram of origin'],
    ['Cars', 'over 0 year'],
    ['Cars', 'horsepower colour by scatter horsepower'],
    ['Cars', 'sum of weight weight total scatter'],
    ['Airports', '-9223372036854776000 longitude iata'],
  ])('%s: %s', async (name, question) => {
    const { dataset } = datasets.find((entry) => entry.dataset.name === name)!;
    const answer = await call('POST', '/api/v1/aicharts/ask', { datasetId: dataset.id, question });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { spec, alternatives } = answer.body as unknown as AskAnswer;
    for (const chart of [spec, ...alternatives]) await expectRuns(chart, dataset, question);
  });
});

describe('ask: generated questions', () => {
  it(`answers ${QUESTIONS} generated questions without a 5xx, and every chart runs`, async () => {
    expect(datasets.length).toBeGreaterThanOrEqual(6);
    expect(datasets.map((entry) => entry.dataset.name)).toContain('LA riots');
    const datasetAndQuestion = fc
      .nat({ max: datasets.length - 1 })
      .chain((index) => fc.tuple(fc.constant(index), questionArbitrary(datasets[index].words)));
    await fc.assert(
      fc.asyncProperty(datasetAndQuestion, async ([index, question]) => {
        const { dataset } = datasets[index];
        const answer = await call('POST', '/api/v1/aicharts/ask', {
          datasetId: dataset.id,
          question,
        });
        expect(answer.status, JSON.stringify({ question, answer: answer.body })).toBeLessThan(500);
        if (answer.status !== 200) {
          expectErrorShape(answer, question);
          return;
        }
        const { spec, alternatives } = answer.body as unknown as AskAnswer;
        for (const chart of [spec, ...alternatives]) await expectRuns(chart, dataset, question);
      }),
      { numRuns: QUESTIONS },
    );
  }, 120_000);
});
