import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_TYPES } from '../../../common/charts';
import type { AskAnswer } from '../../../common/nl';
import { startChartsServer, type ChartsServer } from '../chartsHarness';
import { api, login } from '../harness';
import {
  startChatCompletionsServer,
  type ChatCompletionsServer,
} from '../support/chatCompletionsServer';

// POST /api/v1/aicharts/ask over the Sales dataset (day, region: North/South/East, amount):
// the built-in parser offline, then the optional language model through a local server that
// speaks the chat-completions protocol.

const ASK = '/api/v1/aicharts/ask';

describe('ask: the built-in parser', () => {
  let charts: ChartsServer;
  beforeAll(async () => {
    charts = await startChartsServer();
  });
  afterAll(async () => {
    await charts?.close();
  });

  const ask = (question: unknown, session = charts.acme.editor, datasetId?: number) =>
    api(charts.base, session, 'POST', ASK, {
      datasetId: datasetId ?? charts.acme.datasetId,
      question,
    });

  it('answers a chart spec, its interpretation and its SQL', async () => {
    const answer = await ask('total amount by region');
    expect(answer.status).toBe(200);
    const body = answer.body as AskAnswer;
    expect(body.answeredBy).toBe('parser');
    expect(body.spec.query).toMatchObject({
      datasetId: charts.acme.datasetId,
      dimensions: [{ field: 'region' }],
      measures: [{ field: 'amount', agg: 'sum' }],
      filters: [],
    });
    expect(body.spec.encoding).toMatchObject({ x: 'region', y: ['sum_amount'] });
    expect(body.interpretation.map((token) => token.kind)).toEqual(
      expect.arrayContaining(['measure', 'dimension', 'chart']),
    );
    expect(body.unmatched).toEqual([]);
    expect(body.sql).toMatch(/SUM\("amount"\)/i);
    expect(body.sql).toMatch(/GROUP BY/i);
  });

  it('filters on a value sampled from the data', async () => {
    const answer = await ask('total amount in North by month');
    expect(answer.status).toBe(200);
    const { spec } = answer.body as AskAnswer;
    expect(spec.query.filters).toEqual([{ field: 'region', op: '=', value: 'North' }]);
    expect(spec.query.dimensions).toEqual([{ field: 'day', grain: 'month' }]);
    expect(spec.type).toBe('line');
  });

  it('reports the words it could not place', async () => {
    const answer = await ask('total amount by region wombat');
    expect(answer.status).toBe(200);
    expect((answer.body as AskAnswer).unmatched).toEqual(['wombat']);
  });

  it('lets every user of the account ask, but not the platform admin or a stranger', async () => {
    expect((await ask('amount by region', charts.acme.viewer)).status).toBe(200);
    const platform = await login(charts.base, '', 'admin');
    expect((await ask('amount by region', platform)).status).toBe(403);
    const anonymous = { token: '', site: 'acme', headers: { site: 'acme' } };
    expect((await ask('amount by region', anonymous)).status).toBe(401);
  });

  it("answers 404 for another account's dataset", async () => {
    const answer = await ask('amount by region', charts.acme.editor, charts.globex.datasetId);
    expect(answer.status).toBe(404);
  });

  it.each([
    ['an empty question', '', 'Type a question'],
    ['a blank question', '   ', 'Type a question'],
    ['an oversize question', 'amount '.repeat(80), 'at most 500 characters'],
    ['a question that is not text', 42, 'question'],
    ['an unparseable question', 'hello there', 'no field, value or keyword of "Sales"'],
  ])('answers 400 for %s', async (_case, question, message) => {
    const answer = await ask(question);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
  });

  it('answers 400 for unknown or missing body fields', async () => {
    const extra = await api(charts.base, charts.acme.editor, 'POST', ASK, {
      datasetId: charts.acme.datasetId,
      question: 'amount by region',
      sql: 'select 1',
    });
    expect(extra.status).toBe(400);
    expect((extra.body as { message: string }).message).toBe('Unknown field: sql.');
    const missing = await api(charts.base, charts.acme.editor, 'POST', ASK, {
      question: 'amount by region',
    });
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain('datasetId');
  });
});

describe('ask: the optional language model', () => {
  let model: ChatCompletionsServer;
  let charts: ChartsServer;
  beforeAll(async () => {
    model = await startChatCompletionsServer();
    charts = await startChartsServer('sqlite', {
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'test-model',
      AI_API_KEY: 'test-key',
    });
  });
  afterAll(async () => {
    await charts?.close();
    await model?.close();
  });

  const ask = (question: string) =>
    api(charts.base, charts.acme.editor, 'POST', ASK, {
      datasetId: charts.acme.datasetId,
      question,
    });

  it('answers with the model when the parser cannot, sending only the schema and question', async () => {
    model.answerWith({
      content: JSON.stringify({
        chart: 'pie',
        dimensions: [{ field: 'region' }],
        measures: [{ field: 'amount', agg: 'sum' }],
      }),
    });
    const before = model.requests.length;
    const answer = await ask('zorblax quuxes');
    expect(answer.status).toBe(200);
    const body = answer.body as AskAnswer;
    expect(body.answeredBy).toBe('model');
    expect(body.spec.type).toBe('pie');
    expect(body.spec.query).toMatchObject({
      dimensions: [{ field: 'region' }],
      measures: [{ field: 'amount', agg: 'sum' }],
    });
    expect(body.sql).toMatch(/SUM\("amount"\)/i);

    expect(model.requests).toHaveLength(before + 1);
    const sent = model.requests[before];
    expect(sent.headers.authorization).toBe('Bearer test-key');
    expect(sent.body.model).toBe('test-model');
    const text = JSON.stringify(sent.body.messages);
    expect(text).toContain('zorblax quuxes');
    expect(text).toContain('region');
    // the instructions offer every chart type the app draws
    const instructions = (sent.body.messages as { content: string }[])[0].content;
    for (const type of CHART_TYPES) expect(instructions).toContain(type);
    // no data: none of the sampled values or amounts leave the server
    for (const value of ['North', 'South', 'East', '40']) expect(text).not.toContain(value);
  });

  it('does not ask the model when the parser understood the whole question', async () => {
    const before = model.requests.length;
    const answer = await ask('total amount by region');
    expect(answer.status).toBe(200);
    expect((answer.body as AskAnswer).answeredBy).toBe('parser');
    expect(model.requests).toHaveLength(before);
  });

  it('rejects a model answer naming a field that does not exist', async () => {
    model.answerWith({
      content: JSON.stringify({
        dimensions: [{ field: 'country' }],
        measures: [{ field: 'amount', agg: 'sum' }],
      }),
    });
    const answer = await ask('zorblax quuxes');
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(
      'The language model\'s answer was rejected: "country" is not a field of dataset "Sales".',
    );
  });

  it('never runs SQL the model writes', async () => {
    model.answerWith({ content: JSON.stringify({ sql: 'drop table sales' }) });
    const answer = await ask('zorblax quuxes');
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('rejected');
  });

  it('says so when the model is unavailable', async () => {
    model.answerWith({ status: 500 });
    const answer = await ask('zorblax quuxes');
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(
      '(The model answered HTTP 500.)',
    );
  });

  it("leaves the model's own reading out of the other readings", async () => {
    model.answerWith({ content: 'no chart here' });
    const parsed = (await ask('total amount by region wombat')).body as AskAnswer;
    expect(parsed.answeredBy).toBe('parser');
    const reading = (spec: AskAnswer['spec']) => ({ type: spec.type, query: spec.query });
    model.answerWith({
      content: JSON.stringify({
        chart: parsed.spec.type,
        dimensions: parsed.spec.query.dimensions,
        measures: parsed.spec.query.measures,
      }),
    });
    const body = (await ask('total amount by region wombat')).body as AskAnswer;
    expect(body.answeredBy).toBe('model');
    // The model read the question as the parser did: that reading is not offered twice.
    expect(reading(body.spec)).toEqual(reading(parsed.spec));
    expect(body.alternatives.map(reading)).not.toContainEqual(reading(body.spec));
  });

  it("keeps the parser's reading when the model's answer is unusable", async () => {
    model.answerWith({ content: 'I think you want a bar chart.' });
    const answer = await ask('total amount by region wombat');
    expect(answer.status).toBe(200);
    const body = answer.body as AskAnswer;
    expect(body.answeredBy).toBe('parser');
    expect(body.unmatched).toEqual(['wombat']);
  });
});

describe('ask: the question context of the Ask box', () => {
  let charts: ChartsServer;
  beforeAll(async () => {
    charts = await startChartsServer();
  });
  afterAll(async () => {
    await charts?.close();
  });

  it('answers the sampled values of text fields and the ranges of number fields', async () => {
    const path = `/api/v1/aicharts/context/${charts.acme.datasetId}`;
    const answer = await api(charts.base, charts.acme.viewer, 'GET', path);
    expect(answer.status).toBe(200);
    const body = answer.body as { values: Record<string, string[]>; ranges: unknown };
    expect([...body.values.region].sort()).toEqual(['East', 'North', 'South']);
    expect(body.ranges).toEqual({ amount: { min: 5, max: 40 } });
  });

  it("answers 404 for another account's dataset and 400 for a bad id", async () => {
    const other = `/api/v1/aicharts/context/${charts.globex.datasetId}`;
    expect((await api(charts.base, charts.acme.editor, 'GET', other)).status).toBe(404);
    const bad = await api(charts.base, charts.acme.editor, 'GET', '/api/v1/aicharts/context/x');
    expect(bad.status).toBe(400);
  });
});
