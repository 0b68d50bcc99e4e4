import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// CSV injection: a survey's download over the real server guards every cell a spreadsheet
// would run as a formula, the question texts of its header row as well as the answers, and
// leaves numbers as numbers.

const FORMULAS = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)'];

const QUESTIONS = [
  ...FORMULAS.map((text) => ({ type: 'short_text', text, required: true })),
  { type: 'number', text: 'Balance', required: true },
];

describe('survey answers as CSV', () => {
  let server: AnalyticsServer;
  let editor: string;
  let viewer: string;
  const acme = (token: string) => ({ token, site: 'acme' });

  beforeAll(async () => {
    server = await startAnalyticsServer();
    editor = await server.sessionFor('acme', 'editor');
    viewer = await server.sessionFor('acme', 'viewer');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function publishedSurvey(): Promise<number> {
    const created = await call(server, 'POST', '/api/v1/surveys', {
      ...acme(editor),
      body: { name: 'Formulas', questions: QUESTIONS },
    });
    expect(created.status).toBe(200);
    const { id } = created.json as { id: number };
    const published = await call(server, 'POST', `/api/v1/surveys/${id}/publish`, acme(editor));
    expect(published.status).toBe(200);
    return id;
  }

  it('writes formula-like question texts and answers after a single quote, numbers as they are', async () => {
    const id = await publishedSurvey();
    const answers = { q1: FORMULAS[0], q2: FORMULAS[1], q3: FORMULAS[2], q4: FORMULAS[3], q5: -5 };
    const answered = await call(server, 'POST', `/api/v1/surveys/${id}/answers`, {
      ...acme(viewer),
      body: { answers },
    });
    expect(answered.status).toBe(201);

    const csv = await call(server, 'GET', `/api/v1/surveys/${id}/answers.csv`, acme(editor));
    expect(csv.status).toBe(200);
    expect(typeof csv.json).toBe('string');
    const rows = parse(csv.json as string) as string[][];
    const guarded = FORMULAS.map((text) => `'${text}`);
    expect(rows[0]).toEqual(['Answered at', 'Respondent', ...guarded, 'Balance']);
    expect(rows[1].slice(1)).toEqual(['viewer', ...guarded, '-5']);
    expect(rows).toHaveLength(2);
  });
});
