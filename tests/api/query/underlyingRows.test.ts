import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../authFixtures';
import { startChartsServer, type ChartsServer } from '../chartsHarness';
import { api, login, type Session } from '../harness';

// "View these rows" (POST /api/v1/query/rows) and pivots (POST /api/v1/query/pivot) over the
// Sales dataset (North 10 and 20 and South 5 in January, South 40 in February, East 7 in
// March) under a region policy: a held
// viewer sees only their rows, pages and sorts hold, and what a caller may not ask is refused.

let ctx: ChartsServer;
let north: Session;
let nobody: Session;

const JANUARY = [
  { field: 'day', op: '>=', value: '2024-01-01' },
  { field: 'day', op: '<', value: '2024-02-01' },
];

function rows(session: Session | null, body: object) {
  return api(ctx.base, session, 'POST', '/api/v1/query/rows', {
    datasetId: ctx.acme.datasetId,
    ...body,
  });
}

async function rowsOf(session: Session, body: object) {
  const answer = await rows(session, body);
  expect(answer.status).toBe(200);
  return answer.body as { columns: { name: string }[]; rows: unknown[][]; hasMore: boolean };
}

beforeAll(async () => {
  ctx = await startChartsServer();
  for (const [username, attributes] of [
    ['north', { region: 'North' }],
    ['nobody', undefined],
  ] as const) {
    const { id } = await addUser(ctx.server, ctx.acme.accountId, { username, role: 'viewer' });
    if (attributes) {
      const set = await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, {
        attributes,
      });
      expect(set.status).toBe(200);
    }
  }
  north = await login(ctx.base, 'acme', 'north');
  nobody = await login(ctx.base, 'acme', 'nobody');
  const policy = await api(
    ctx.base,
    ctx.acme.editor,
    'POST',
    `/api/v1/datasets/${ctx.acme.datasetId}/policies`,
    { field: 'region', op: '=', attribute: 'region' },
  );
  expect(policy.status).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

describe('the rows behind a number', () => {
  it('shows a held viewer only their rows of the bucket, and the admin all of them', async () => {
    const mine = await rowsOf(north, { filters: JANUARY, sort: [{ key: 'amount', dir: 'asc' }] });
    expect(mine.columns.map((column) => column.name)).toEqual(['day', 'region', 'amount']);
    expect(mine.rows.map((row) => row.slice(1))).toEqual([
      ['North', 10],
      ['North', 20],
    ]);
    expect(mine.hasMore).toBe(false);
    expect((await rowsOf(nobody, { filters: JANUARY })).rows).toEqual([]);
    const all = await rowsOf(ctx.acme.admin, {
      filters: JANUARY,
      sort: [{ key: 'amount', dir: 'desc' }],
    });
    expect(all.rows.map((row) => row.slice(1))).toEqual([
      ['North', 20],
      ['North', 10],
      ['South', 5],
    ]);
  });

  it('pages through the rows in a stable order', async () => {
    const sort = [{ key: 'amount', dir: 'desc' }];
    const first = await rowsOf(ctx.acme.admin, { sort, limit: 2 });
    expect(first.rows.map((row) => row[2])).toEqual([40, 20]);
    expect(first.hasMore).toBe(true);
    const last = await rowsOf(ctx.acme.admin, { sort, limit: 2, offset: 4 });
    expect(last.rows.map((row) => row[2])).toEqual([5]);
    expect(last.hasMore).toBe(false);
  });

  it('refuses what a caller may not ask, naming it, and the rows of another tenant', async () => {
    const unknown = await rows(north, { filters: [{ field: 'secret', op: '=', value: 1 }] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('filters.0.field');
    const tooMany = await rows(north, { limit: 100_000 });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('limit');
    const elsewhere = await api(ctx.base, north, 'POST', '/api/v1/query/rows', {
      datasetId: ctx.globex.datasetId,
    });
    expect(elsewhere.status).toBe(404);
    expect((await rows(null, {})).status).toBe(401);
  });
});

describe('a pivot with totals', () => {
  const pivot = {
    rows: [{ field: 'region' }],
    columns: [{ field: 'day', grain: 'month' }],
    measures: [{ field: 'amount', agg: 'sum' }],
  };
  const ask = (session: Session | null, body: object = pivot) =>
    api(ctx.base, session, 'POST', '/api/v1/query/pivot', {
      datasetId: ctx.acme.datasetId,
      ...body,
    });

  it("totals a held viewer's rows only, and every row for the admin", async () => {
    const mine = await ask(north);
    expect(mine.status).toBe(200);
    const { columns, rows } = mine.body as { columns: { name: string }[]; rows: unknown[][] };
    expect(columns.map((column) => column.name)).toEqual([
      'region',
      'day',
      'sum_amount',
      '__grouping',
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['North', '2024-01-01', 30, 0],
        ['North', null, 30, 1],
        [null, '2024-01-01', 30, 2],
        [null, null, 30, 3],
      ]),
    );
    expect(rows).toHaveLength(4);
    const all = await ask(ctx.acme.admin);
    const total = (all.body as { rows: unknown[][] }).rows.find((row) => row[3] === 3);
    expect(total).toEqual([null, null, 82, 3]);
  });

  it('refuses a pivot without a measure, naming it', async () => {
    const answer = await ask(north, { ...pivot, measures: [] });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('measures');
    expect((await ask(null)).status).toBe(401);
  });
});
