import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueryEngine } from '../../../server/query/executeQuery';
import type { QuerySettings } from '../../../server/query/querySettings';
import { call } from '../fixtures';
import { post, startQueryServer, type PostAnswer, type QueryTestServer } from '../queryTestServer';

// Admission over HTTP with real slow DuckDB queries in two tenants' warehouses: a tenant
// flooding the server is bounded (503 + Retry-After) while another tenant's query goes ahead
// of the flood's queued ones; a closed request leaves the queue; a query that waits past its
// time limit answers the timeout error without running; a 503 is never cached.

let server: QueryTestServer;
let engine: QueryEngine;
const tenants = {} as Record<
  'flood' | 'calm',
  { accountId: number; sourceId: number; token: string }
>;
/** Requests still open at the end of a test: closed so their queries stop. */
let open: AbortController[] = [];

const ADMISSION: QuerySettings['admission'] = {
  slots: 2,
  runningPerTenant: 2,
  waitingPerTenant: 2,
  waitingTotal: 100,
};

beforeAll(async () => {
  server = await startQueryServer();
  engine = server.app.queryEngine;
  for (const site of ['flood', 'calm'] as const) {
    const accountId = await server.addAccount(site, { editor: 'editor' });
    const sourceId = await server.addSource(accountId, 'duckdb');
    tenants[site] = { accountId, sourceId, token: await server.sessionFor(site, 'editor') };
  }
});

afterEach(async () => {
  for (const controller of open) controller.abort();
  open = [];
  await eventually(() => engine.admission.running === 0 && engine.admission.waiting === 0);
});

afterAll(async () => {
  await server?.close();
});

/** Waits (bounded) until `condition` holds; the caller asserts on the condition after. */
async function eventually(condition: () => boolean, limitMs = 20_000) {
  const deadline = Date.now() + limitMs;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A query that runs until it is stopped (distinct text: no two share a run). */
const endless = (n: number) => `select sum(range) + ${n} as total from range(1000000000000)`;

/** Explorer SQL as the tenant's editor, on a request the test may close. */
function runSql(site: 'flood' | 'calm', sql: string, controller = new AbortController()) {
  open.push(controller);
  const { sourceId, token } = tenants[site];
  return post(server, '/api/v1/sql', { sourceId, sql }, { token, site, signal: controller.signal });
}

/** Settles with the answer, or with the error of a request the test closed. */
const settled = (answer: Promise<PostAnswer>) => answer.catch((error: Error) => error);

const counts = (site: 'flood' | 'calm') => engine.admission.counts(tenants[site].accountId);

describe('query admission', () => {
  it("answers 503 with Retry-After past the flood's bound and lets another tenant go first", async () => {
    engine.configure({ timeoutMs: 600_000, admission: ADMISSION });
    const flood = [0, 1, 2, 3].map(() => new AbortController());
    const answers = flood.map((controller, n) => settled(runSql('flood', endless(n), controller)));
    const finished: string[] = [];
    answers.forEach((answer, n) => void answer.then(() => finished.push(`flood ${n}`)));
    await eventually(() => counts('flood').running === 2 && counts('flood').waiting === 2);
    expect(counts('flood')).toEqual({ running: 2, waiting: 2 });

    const refused = await runSql('flood', endless(4));
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(refused.json.message).toMatch(/2 queries waiting \(the limit per account\)/);

    const calm = runSql('calm', 'select 42 as answer').then((answer) => {
      finished.push('calm');
      return answer;
    });
    await eventually(() => counts('calm').waiting === 1);
    expect(counts('calm')).toEqual({ running: 0, waiting: 1 });
    // One of the flood's running queries ends: the slot goes to the calm tenant, not to the
    // flood's own queue.
    flood[0].abort();
    const answer = await calm;
    expect(answer.status).toBe(200);
    expect(answer.json.rows).toEqual([[42]]);
    // The flood's queries never end by themselves: had its queue come first, the calm tenant
    // would still wait. Nothing of the flood was lost either.
    expect(finished).toEqual(['flood 0', 'calm']);
    expect(counts('flood').running + counts('flood').waiting).toBe(3);
  });

  it('names the wait in a Retry-After header of whole seconds', async () => {
    engine.configure({ timeoutMs: 600_000, admission: { ...ADMISSION, waitingPerTenant: 0 } });
    void settled(runSql('flood', endless(0)));
    void settled(runSql('flood', endless(1)));
    await eventually(() => counts('flood').running === 2);
    const { sourceId, token } = tenants.flood;
    const refused = await call(server, 'POST', '/api/v1/sql', {
      body: { sourceId, sql: endless(2) },
      token,
      site: 'flood',
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('takes a closed request out of the queue at once and leaves the running ones', async () => {
    engine.configure({ timeoutMs: 600_000, admission: ADMISSION });
    void settled(runSql('flood', endless(0)));
    void settled(runSql('flood', endless(1)));
    const leaving = new AbortController();
    const left = settled(runSql('flood', endless(2), leaving));
    await eventually(() => counts('flood').waiting === 1);
    expect(counts('flood')).toEqual({ running: 2, waiting: 1 });
    const { accountId, sourceId } = tenants.flood;
    const executions = engine.stats.executions(accountId, sourceId);
    leaving.abort();
    expect(await left).toBeInstanceOf(Error);
    await eventually(() => counts('flood').waiting === 0);
    expect(counts('flood')).toEqual({ running: 2, waiting: 0 });
    expect(engine.stats.executions(accountId, sourceId)).toBe(executions);
  });

  it('answers the timeout error to a query that waited past its limit, without running it', async () => {
    engine.configure({ timeoutMs: 600_000, admission: { ...ADMISSION, slots: 1 } });
    void settled(runSql('flood', endless(0)));
    await eventually(() => counts('flood').running === 1);
    // The limit now is short; the running query keeps the one it started with.
    engine.configure({ timeoutMs: 500, admission: { ...ADMISSION, slots: 1 } });
    const { accountId, sourceId } = tenants.calm;
    const executions = engine.stats.executions(accountId, sourceId);
    const waited = await runSql('calm', 'select 1 as one');
    expect(waited.status).toBe(400);
    expect(waited.json).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Query stopped: it ran longer than the 500 ms limit.',
    });
    expect(engine.stats.executions(accountId, sourceId)).toBe(executions);
    expect(counts('flood').running).toBe(1);

    // The same answer as a query that ran too long.
    for (const controller of open) controller.abort();
    await eventually(() => engine.admission.running === 0);
    const ranTooLong = await runSql('calm', endless(1));
    expect(ranTooLong.json).toEqual(waited.json);
    expect(engine.stats.executions(accountId, sourceId)).toBe(executions + 1);
  });

  it('never caches a 503: the same chart query answers once there is room', async () => {
    engine.configure({
      timeoutMs: 600_000,
      cacheTtlMs: 60_000,
      admission: { ...ADMISSION, waitingPerTenant: 0 },
    });
    const { accountId, sourceId, token } = tenants.flood;
    const datasetId = await server.addDataset(accountId, sourceId, { sql: 'select 7 as n' }, [
      { name: 'n', label: 'N', type: 'number', role: 'measure', synonyms: [] },
    ]);
    const query = { datasetId, dimensions: [], measures: [{ field: 'n', agg: 'sum' }] };
    const ask = () => post(server, '/api/v1/query', { query }, { token, site: 'flood' });

    const busy = [0, 1].map(() => new AbortController());
    busy.forEach((controller, n) => void settled(runSql('flood', endless(n), controller)));
    await eventually(() => counts('flood').running === 2);
    expect((await ask()).status).toBe(503);

    for (const controller of busy) controller.abort();
    await eventually(() => engine.admission.running === 0);
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ cached: false, rows: [[7]] });
    expect((await ask()).json).toMatchObject({ cached: true, rows: [[7]] });
  });
});
