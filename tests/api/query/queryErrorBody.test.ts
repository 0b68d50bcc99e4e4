import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// Errors of the source (syntax, unknown tables) answer the JSON error shape plus the line and
// column they point to, on every route that runs SQL, so the explorer can mark the line.

let server: TestServer;
let editor: Session;
let warehouseId: number;

type Body = Record<string, unknown> & { id: number };

const call = async (method: string, path: string, body?: unknown) => {
  const answer = await api(server.baseUrl, editor, method, path, body);
  return answer as { status: number; body: Body };
};

beforeAll(async () => {
  server = await startServer();
  editor = await login(server.baseUrl, 'acme', 'editor');
  const sources = (await api(server.baseUrl, editor, 'GET', '/api/v1/datasources')).body as Body[];
  warehouseId = sources.find((source) => source.type === 'duckdb')!.id;
  const form = new FormData();
  form.append('file', new Blob(['region,amount\nnorth,1\n']), 'regions.csv');
  const upload = await fetch(`${server.baseUrl}/api/v1/datasources/${warehouseId}/uploads`, {
    method: 'POST',
    headers: editor.headers,
    body: form,
  });
  expect(upload.status, await upload.text()).toBe(200);
});

afterAll(() => server?.close());

describe('query error bodies', () => {
  it('explorer SQL naming an unknown table answers its line and column', async () => {
    const answer = await call('POST', '/api/v1/sql', {
      sourceId: warehouseId,
      sql: 'select region,\n  amount\nfrom nowhere_table',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/nowhere_table/),
      line: 3,
      column: 6,
    });
  });

  it('a dataset preview whose table has gone answers the line of the failing SQL', async () => {
    const created = await call('POST', '/api/v1/datasets', {
      name: 'Regions by SQL',
      sourceId: warehouseId,
      sql: 'select region,\n  amount\nfrom regions',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const dropped = await call('DELETE', `/api/v1/datasources/${warehouseId}/tables/regions`);
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);

    const preview = await call('GET', `/api/v1/datasets/${created.body.id}/preview`);
    expect(preview.status).toBe(400);
    expect(preview.body).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/regions/),
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(JSON.stringify(preview.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
