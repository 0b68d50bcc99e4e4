import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyAnswerToWarehouse } from '../../../server/features/surveys/surveyAnswerJob';
import { addAccountWithUsers } from '../fixtures';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';
import { randomBytes } from 'node:crypto';
import type { Backend } from '../harness';
import { REDIS_URL, isPostgresReachable, isRedisReachable, removeJobQueue } from '../harness';

// Surveys over HTTP on the real server: editors build and publish them, every user of the
// account answers (validated, once unless allowed, only while published), results and CSV,
// tenant isolation, and the survey's dataset answering POST /query a moment after an answer
// (its job copies it into the warehouse), with each answer in it once.

/** Waits up to 10 s for `check` to pass (an answer's job runs after its request). */
const soon = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

const QUESTIONS = [
  { type: 'short_text', text: 'Your team', required: true },
  { type: 'long_text', text: 'Anything else?', required: false },
  { type: 'number', text: 'Hours per week', required: false },
  {
    type: 'single_choice',
    text: 'Favourite chart',
    required: true,
    choices: ['Bar', 'Line', 'Pie'],
  },
  {
    type: 'multiple_choice',
    text: 'Tools used',
    required: false,
    choices: ['SQL', 'Excel', 'Python'],
  },
  { type: 'rating', text: 'Satisfaction', required: true },
  { type: 'date', text: 'Start date', required: false },
];

/** `env` REDIS_URL: the answers' jobs go through BullMQ. */
function surveySuite(backend: Backend, env: Record<string, string> = {}) {
  let server: AnalyticsServer;
  let editor: string;
  let viewer: string;
  let colleague: string;
  let globexBoss: string;
  const acme = (token: string) => ({ token, site: 'acme' });

  beforeAll(async () => {
    server = await startAnalyticsServer({ backend, env });
    await addAccountWithUsers({ app: server.app, config: server.config }, 'acme', {
      colleague: 'viewer',
    });
    editor = await server.sessionFor('acme', 'editor');
    viewer = await server.sessionFor('acme', 'viewer');
    colleague = await server.sessionFor('acme', 'colleague');
    globexBoss = await server.sessionFor('globex', 'boss');
  });
  afterAll(async () => {
    await server?.close();
    if (server && env.REDIS_URL) await removeJobQueue(server);
  });

  async function createSurvey(body: Record<string, unknown> = {}) {
    const created = await call(server, 'POST', '/api/v1/surveys', {
      ...acme(editor),
      body: { name: 'Team pulse', description: 'Monthly', questions: QUESTIONS, ...body },
    });
    expect(created.status).toBe(200);
    return created.json;
  }

  const answer = (token: string, id: number, answers: Record<string, unknown>) =>
    call(server, 'POST', `/api/v1/surveys/${id}/answers`, { ...acme(token), body: { answers } });

  const validAnswer = {
    q1: 'Sales',
    q3: 12.5,
    q4: 'Bar',
    q5: ['SQL', 'Python'],
    q6: 4,
    q7: '2024-03-01',
  };

  it('lets editors build a survey with numbered questions in order; viewers cannot write', async () => {
    const survey = await createSurvey();
    expect(survey.status).toBe('draft');
    expect(survey.datasetId).toBeNull();
    expect(survey.questions.map((q: { id: string }) => q.id)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'q7',
    ]);
    expect(survey.questions[3].choices).toEqual(['Bar', 'Line', 'Pie']);

    const refused = await call(server, 'POST', '/api/v1/surveys', {
      ...acme(viewer),
      body: { name: 'Nope', questions: [] },
    });
    expect(refused.status).toBe(403);
    // Drafts are the editors' business.
    expect((await call(server, 'GET', `/api/v1/surveys/${survey.id}`, acme(viewer))).status).toBe(
      404,
    );
    const list = await call(server, 'GET', '/api/v1/surveys', acme(viewer));
    expect(list.json.map((s: { id: number }) => s.id)).not.toContain(survey.id);
  });

  it('refuses a choice question without two choices, naming it', async () => {
    const bad = await call(server, 'POST', '/api/v1/surveys', {
      ...acme(editor),
      body: {
        name: 'Bad',
        questions: [{ type: 'single_choice', text: 'Pick', choices: ['Only', ' '] }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('"Pick" needs at least two choices');
  });

  it('publishes into a dataset, validates answers, takes one per user and shows them in queries a moment after', async () => {
    const survey = await createSurvey();
    expect((await answer(viewer, survey.id, validAnswer)).status).toBe(404);

    const published = await call(
      server,
      'POST',
      `/api/v1/surveys/${survey.id}/publish`,
      acme(editor),
    );
    expect(published.status).toBe(200);
    expect(published.json.status).toBe('published');
    const datasetId = published.json.datasetId;
    const dataset = await call(server, 'GET', `/api/v1/datasets/${datasetId}`, acme(editor));
    expect(dataset.json.name).toBe('Team pulse');
    expect(dataset.json.table).toBe(`survey_${survey.id}`);
    expect(dataset.json.fields.map((f: { label: string }) => f.label)).toEqual([
      ...QUESTIONS.map((q) => q.text),
      'Answered at',
    ]);
    expect(dataset.json.fields.find((f: { name: string }) => f.name === 'q6')).toMatchObject({
      type: 'number',
      role: 'measure',
    });

    // A query before any answer is cached; the answer must drop it.
    const countQuery = {
      query: { datasetId, dimensions: [{ field: 'q4' }], measures: [{ field: 'q6', agg: 'avg' }] },
    };
    const empty = await call(server, 'POST', '/api/v1/query', {
      ...acme(viewer),
      body: countQuery,
    });
    expect(empty.status).toBe(200);
    expect(empty.json.rows).toEqual([]);

    const missing = await answer(viewer, survey.id, { ...validAnswer, q4: undefined });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('answers.q4: "Favourite chart" is required.');
    const wrongChoice = await answer(viewer, survey.id, { ...validAnswer, q4: 'Radar' });
    expect(wrongChoice.json.message).toContain('"Favourite chart" must be one of the choices');
    const outOfRange = await answer(viewer, survey.id, { ...validAnswer, q6: 6 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.json.message).toContain('"Satisfaction" must be a whole number from 1 to 5');
    const badDate = await answer(viewer, survey.id, { ...validAnswer, q7: '2024-02-30' });
    expect(badDate.json.message).toContain('"Start date" must be a date');
    const notNumber = await answer(viewer, survey.id, { ...validAnswer, q3: 'twelve' });
    expect(notNumber.json.message).toContain('"Hours per week" must be a number');
    const stranger = await answer(viewer, survey.id, { ...validAnswer, q99: 'x' });
    expect(stranger.status).toBe(400);

    expect((await answer(viewer, survey.id, validAnswer)).status).toBe(201);
    const again = await answer(viewer, survey.id, validAnswer);
    expect(again.status).toBe(409);
    // Two answers sent at once by one user: one is kept.
    const both = await Promise.all([
      answer(colleague, survey.id, { q1: '=cmd()', q4: 'Line', q6: 2 }),
      answer(colleague, survey.id, { q1: '=cmd()', q4: 'Line', q6: 2 }),
    ]);
    expect(both.map((sent) => sent.status).sort()).toEqual([201, 409]);

    const mine = await call(server, 'GET', `/api/v1/surveys/${survey.id}/my-answers`, acme(viewer));
    expect(mine.json).toEqual({ count: 1, canAnswer: false });

    await soon(async () => {
      const live = await call(server, 'POST', '/api/v1/query', {
        ...acme(viewer),
        body: countQuery,
      });
      expect(live.status).toBe(200);
      const rows: unknown[][] = live.json.rows;
      expect(Object.fromEntries(rows.map((r) => [r[0], Number(r[1])]))).toEqual({
        Bar: 4,
        Line: 2,
      });
    });
    const tools = await call(server, 'POST', '/api/v1/query', {
      ...acme(viewer),
      body: { query: { datasetId, dimensions: [{ field: 'q5' }, { field: 'q7' }], measures: [] } },
    });
    expect(tools.json.rows).toContainEqual(['SQL; Python', '2024-03-01']);

    // Results and CSV are for editors.
    expect(
      (await call(server, 'GET', `/api/v1/surveys/${survey.id}/results`, acme(viewer))).status,
    ).toBe(403);
    const results = await call(server, 'GET', `/api/v1/surveys/${survey.id}/results`, acme(editor));
    expect(results.json.total).toBe(2);
    const byId = Object.fromEntries(
      results.json.questions.map((q: { questionId: string }) => [q.questionId, q]),
    );
    expect(byId.q4.counts).toEqual([
      { value: 'Bar', count: 1 },
      { value: 'Line', count: 1 },
      { value: 'Pie', count: 0 },
    ]);
    expect(byId.q5.counts).toEqual([
      { value: 'SQL', count: 1 },
      { value: 'Excel', count: 0 },
      { value: 'Python', count: 1 },
    ]);
    expect(byId.q6).toMatchObject({ answered: 2, min: 2, avg: 3, max: 4 });
    expect(byId.q6.counts[3]).toEqual({ value: '4', count: 1 });
    expect(byId.q3).toMatchObject({ answered: 1, min: 12.5, avg: 12.5, max: 12.5 });
    expect(byId.q1.texts).toEqual(['Sales', '=cmd()']);

    const csv = await call(server, 'GET', `/api/v1/surveys/${survey.id}/answers.csv`, acme(editor));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parse(csv.json as string) as string[][];
    expect(rows[0]).toEqual(['Answered at', 'Respondent', ...QUESTIONS.map((q) => q.text)]);
    expect(rows[1].slice(1)).toEqual([
      'viewer',
      'Sales',
      '',
      '12.5',
      'Bar',
      'SQL; Python',
      '4',
      '2024-03-01',
    ]);
    expect(rows[2].slice(1, 3)).toEqual(['colleague', "'=cmd()"]);

    // A published survey keeps its questions.
    const reworded = await call(server, 'PUT', `/api/v1/surveys/${survey.id}`, {
      ...acme(editor),
      body: { ...published.json, questions: [{ type: 'short_text', text: 'New' }] },
    });
    expect(reworded.status).toBe(409);
    const renamed = await call(server, 'PUT', `/api/v1/surveys/${survey.id}`, {
      ...acme(editor),
      body: { ...published.json, name: 'Team pulse (March)' },
    });
    expect(renamed.status).toBe(200);

    // Closed: no more answers.
    const closed = await call(server, 'POST', `/api/v1/surveys/${survey.id}/close`, acme(editor));
    expect(closed.json.status).toBe('closed');
    const late = await call(server, 'POST', `/api/v1/surveys/${survey.id}/answers`, {
      token: globexBoss,
      site: 'globex',
      body: { answers: validAnswer },
    });
    expect(late.status).toBe(404);
    const refused = await answer(editor, survey.id, validAnswer);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('closed');
  });

  it('lets a user answer again when the survey allows it', async () => {
    const survey = await createSurvey({
      name: 'Daily mood',
      allowMultiple: true,
      questions: [{ type: 'rating', text: 'Mood', required: true }],
    });
    await call(server, 'POST', `/api/v1/surveys/${survey.id}/publish`, acme(editor));
    expect((await answer(viewer, survey.id, { q1: 3 })).status).toBe(201);
    expect((await answer(viewer, survey.id, { q1: 5 })).status).toBe(201);
    const results = await call(server, 'GET', `/api/v1/surveys/${survey.id}/results`, acme(editor));
    expect(results.json.questions[0]).toMatchObject({ answered: 2, avg: 4 });
  });

  it('copies each answer into the warehouse once, however often its job runs', async () => {
    const survey = await createSurvey({
      name: 'Once',
      allowMultiple: true,
      questions: [{ type: 'rating', text: 'Mood', required: true }],
    });
    await call(server, 'POST', `/api/v1/surveys/${survey.id}/publish`, acme(editor));
    const answered = await answer(viewer, survey.id, { q1: 4 });
    expect(answered.status).toBe(201);
    const rowsOf = async (answerId: number) =>
      server.app.sourceConnectors.withWarehouse(server.accounts.acme, async (warehouse) =>
        warehouse.withReadConnection(async (connection) => {
          const reader = await connection.runAndReadAll(
            `select count(*) from main.survey_${survey.id} where answer_id = $1`,
            [answerId],
          );
          return Number(reader.getRowsJS()[0][0]);
        }),
      );
    await soon(async () => expect(await rowsOf(answered.json.id)).toBe(1));

    // The same job delivered again (a retry, a job taken over from a dead instance).
    await copyAnswerToWarehouse(server.app, answered.json.id);
    await copyAnswerToWarehouse(server.app, answered.json.id);
    expect(await rowsOf(answered.json.id)).toBe(1);
    // A survey published again (closed, then reopened) rebuilds its table with each answer once.
    await call(server, 'POST', `/api/v1/surveys/${survey.id}/close`, acme(editor));
    await call(server, 'POST', `/api/v1/surveys/${survey.id}/publish`, acme(editor));
    await copyAnswerToWarehouse(server.app, answered.json.id);
    expect(await rowsOf(answered.json.id)).toBe(1);
  });

  it("keeps surveys to their account: another account's is not found", async () => {
    const survey = await createSurvey({ name: 'Private' });
    await call(server, 'POST', `/api/v1/surveys/${survey.id}/publish`, acme(editor));
    const asGlobex = { token: globexBoss, site: 'globex' };
    for (const [method, path] of [
      ['GET', `/api/v1/surveys/${survey.id}`],
      ['PUT', `/api/v1/surveys/${survey.id}`],
      ['DELETE', `/api/v1/surveys/${survey.id}`],
      ['POST', `/api/v1/surveys/${survey.id}/close`],
      ['GET', `/api/v1/surveys/${survey.id}/results`],
      ['GET', `/api/v1/surveys/${survey.id}/answers.csv`],
    ]) {
      const answered = await call(server, method, path, {
        ...asGlobex,
        body: method === 'PUT' ? { name: 'Stolen', questions: [] } : undefined,
      });
      expect(answered.status, `${method} ${path}`).toBe(404);
    }
    const answered = await call(server, 'POST', `/api/v1/surveys/${survey.id}/answers`, {
      ...asGlobex,
      body: { answers: {} },
    });
    expect(answered.status).toBe(404);
    const list = await call(server, 'GET', '/api/v1/surveys', asGlobex);
    expect(list.json).toEqual([]);
  });

  it('deletes a survey with its answers and dataset', async () => {
    const survey = await createSurvey({ name: 'Short-lived' });
    const published = await call(
      server,
      'POST',
      `/api/v1/surveys/${survey.id}/publish`,
      acme(editor),
    );
    await answer(viewer, survey.id, validAnswer);
    expect(
      (await call(server, 'DELETE', `/api/v1/surveys/${survey.id}`, acme(viewer))).status,
    ).toBe(403);
    expect(
      (await call(server, 'DELETE', `/api/v1/surveys/${survey.id}`, acme(editor))).status,
    ).toBe(200);
    const dataset = await call(
      server,
      'GET',
      `/api/v1/datasets/${published.json.datasetId}`,
      acme(editor),
    );
    expect(dataset.status).toBe(404);
  });
}

describe('surveys (SQLite)', () => surveySuite('sqlite'));

describe.runIf(await isPostgresReachable())('surveys (PostgreSQL)', () => surveySuite('postgres'));

describe.runIf(await isRedisReachable())('surveys (SQLite, jobs on Redis)', () =>
  surveySuite('sqlite', { REDIS_URL, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}` }),
);
