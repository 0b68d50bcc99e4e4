import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollupProposal, RollupRecord } from '../../../common/api/rollups';
import { createChart, startChartsServer, type ChartsServer } from '../chartsHarness';
import {
  rebuildStale,
  rollupsGoingStale,
} from '../../../server/features/rollups/rollupTableService';
import { api } from '../harness';

// Rollups of the Sales dataset through the API: declared by editors (not viewers, not another
// tenant), refused with the field at fault, built by the job queue in the warehouse, then
// answering the queries they cover (the SQL says so) with the table's very answers; proposed
// from the dataset's charts; removed with their table.

let ctx: ChartsServer;
const path = () => `/api/v1/datasets/${ctx.acme.datasetId}/rollups`;

const BY_MONTH = {
  name: 'Sales by region and month',
  dimensions: ['region'],
  timeField: 'day',
  grain: 'month',
  measures: [
    { agg: 'sum', field: 'amount' },
    { agg: 'avg', field: 'amount' },
  ],
};

const perMonth = () => ({
  datasetId: ctx.acme.datasetId,
  dimensions: [{ field: 'day', grain: 'quarter' }],
  measures: [
    { field: 'amount', agg: 'sum' },
    { field: 'amount', agg: 'avg' },
    { field: '*', agg: 'count' },
  ],
  filters: [{ field: 'region', op: 'in', value: ['North', 'South'] }],
  sort: [],
});

async function ask(query: object) {
  const answer = await api(ctx.base, ctx.acme.viewer, 'POST', '/api/v1/query', { query });
  expect(answer.status).toBe(200);
  return answer.body as { rows: unknown[][]; sql: string };
}

async function listed(): Promise<RollupRecord[]> {
  const answer = await api(ctx.base, ctx.acme.editor, 'GET', path());
  expect(answer.status).toBe(200);
  return answer.body as RollupRecord[];
}

/** The rollup once its queued build has run (the in-process queue runs it in turn). */
async function built(id: number): Promise<RollupRecord> {
  for (;;) {
    const rollup = (await listed()).find((item) => item.id === id)!;
    if (rollup.status !== 'pending' && rollup.status !== 'building') return rollup;
    await nextTurn();
  }
}

beforeAll(async () => {
  ctx = await startChartsServer();
});

afterAll(async () => {
  await ctx.close();
});

describe('rollups', () => {
  it('are for editors and admins of the tenant only', async () => {
    expect((await api(ctx.base, ctx.acme.viewer, 'GET', path())).status).toBe(403);
    expect((await api(ctx.base, ctx.acme.viewer, 'POST', path(), BY_MONTH)).status).toBe(403);
    expect((await api(ctx.base, ctx.globex.editor, 'GET', path())).status).toBe(404);
    expect((await api(ctx.base, ctx.globex.editor, 'POST', path(), BY_MONTH)).status).toBe(404);
  });

  it('refuses a shape the dataset cannot hold, naming the field at fault', async () => {
    const refused = async (body: object, field: string) => {
      const answer = await api(ctx.base, ctx.acme.editor, 'POST', path(), { ...BY_MONTH, ...body });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    };
    await refused({ dimensions: ['nowhere'] }, 'dimensions.0');
    await refused({ timeField: 'region' }, 'timeField');
    await refused({ grain: null }, 'grain');
    await refused({ measures: [{ agg: 'sum', field: 'region' }] }, 'measures.0.field');
    await refused({ measures: [{ agg: 'median', field: 'amount' }] }, 'measures');
    await refused({ refreshMinutes: 120, freshnessMinutes: 60 }, 'freshnessMinutes');
    expect(await listed()).toEqual([]);
  });

  it('answer the queries they cover exactly as the table does, and say so', async () => {
    const before = await ask(perMonth());
    expect(before.sql).not.toContain('rollup');
    const created = await api(ctx.base, ctx.acme.editor, 'POST', path(), BY_MONTH);
    expect(created.status).toBe(200);
    const rollup = await built((created.body as RollupRecord).id);
    // North Jan, South Jan, South Feb, East Mar.
    expect(rollup).toMatchObject({ status: 'ready', rowCount: 4, stale: false, error: null });
    expect(rollup.buildMs).toBeGreaterThanOrEqual(0);
    expect(rollup.lastRefreshedAt).not.toBeNull();

    const after = await ask(perMonth());
    expect(after.sql).toMatch(/^-- answered from the rollup "Sales by region and month"\n/);
    expect(after.sql).toContain(rollup.tableName);
    expect(after.rows).toEqual(before.rows);
    // A median is not kept: that query reads the table.
    const median = await ask({ ...perMonth(), measures: [{ field: 'amount', agg: 'median' }] });
    expect(median.sql).not.toContain('rollup');

    const [counted] = await listed();
    expect(counted.queriesAnswered).toBe(1);
    expect(counted.datasetQueries).toBe(3);
  });

  it('are rebuilt when changed, and not read until then', async () => {
    const [rollup] = await listed();
    const changed = {
      ...BY_MONTH,
      name: 'Sales by month',
      measures: [{ agg: 'sum', field: 'amount' }],
    };
    const wrongId = await api(ctx.base, ctx.acme.editor, 'PUT', `${path()}/${rollup.id}`, {
      ...changed,
      id: rollup.id + 1,
    });
    expect(wrongId.status).toBe(400);
    const answer = await api(ctx.base, ctx.acme.editor, 'PUT', `${path()}/${rollup.id}`, changed);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Sales by month', status: 'pending' });
    const rebuilt = await built(rollup.id);
    expect(rebuilt).toMatchObject({ status: 'ready', measures: changed.measures });
    // An average is no longer kept: that query reads the table.
    expect((await ask(perMonth())).sql).not.toContain('rollup');
  });

  it('refresh from their last time partition, or whole when earlier rows changed', async () => {
    const [rollup] = await listed();
    const append = (rows: string) =>
      ctx.server.app.sourceConnectors.withWarehouse(ctx.acme.accountId, (warehouse) =>
        warehouse.withConnection((connection) =>
          connection.run(`insert into sales values ${rows}`),
        ),
      );
    const refreshed = async (after: RollupRecord) => {
      const answer = await api(ctx.base, ctx.acme.editor, 'POST', `${path()}/${after.id}/refresh`);
      expect(answer.status).toBe(200);
      for (;;) {
        const now = (await listed())[0];
        if (now.lastRefreshedAt !== after.lastRefreshedAt && now.status === 'ready') return now;
        await nextTurn();
      }
    };
    const quarters = async () => {
      const answer = await ask({ ...perMonth(), measures: [{ field: 'amount', agg: 'sum' }] });
      expect(answer.sql).toContain(rollup.tableName);
      return answer.rows;
    };
    // Rows of the last month and a later one: that month on is rewritten.
    await append("('2024-03-20', 'North', 3), ('2024-04-02', 'North', 8)");
    const later = await refreshed(rollup);
    expect(later.rowCount).toBe(6);
    expect(await quarters()).toEqual([
      ['2024-01-01', 78],
      ['2024-04-01', 8],
    ]);
    // A row of an earlier month: the counts before the last month differ, it is rebuilt whole.
    await append("('2024-01-30', 'South', 100)");
    const whole = await refreshed(later);
    expect(whole.rowCount).toBe(6);
    expect(await quarters()).toEqual([
      ['2024-01-01', 178],
      ['2024-04-01', 8],
    ]);
  });

  const sums = () => ask({ ...perMonth(), measures: [{ field: 'amount', agg: 'sum' }] });

  /** The rollup once it is ready and caught up with its table's rows again. */
  async function caughtUp(id: number): Promise<RollupRecord> {
    for (;;) {
      const rollup = (await listed()).find((item) => item.id === id)!;
      if (rollup.status === 'ready' && !rollup.stale) return rollup;
      await nextTurn();
    }
  }

  it('are not read while rows appended to their table are not in them', async () => {
    const [rollup] = await listed();
    expect((await sums()).sql).toContain(rollup.tableName);
    const { app } = ctx.server;
    const dataset = await api(
      ctx.base,
      ctx.acme.editor,
      'GET',
      `/api/v1/datasets/${ctx.acme.datasetId}`,
    );
    const { sourceId } = dataset.body as { sourceId: number };
    const behind = await rollupsGoingStale(app, ctx.acme.accountId, sourceId, 'sales', 'appended');
    expect((await listed())[0]).toMatchObject({ status: 'ready', stale: true });
    expect((await sums()).sql).not.toContain('rollup');
    await rebuildStale(app, behind);
    await caughtUp(rollup.id);
    expect((await sums()).sql).toContain(rollup.tableName);
  });

  it('take in the rows an upload appends', async () => {
    const [rollup] = await listed();
    const dataset = await api(
      ctx.base,
      ctx.acme.editor,
      'GET',
      `/api/v1/datasets/${ctx.acme.datasetId}`,
    );
    const { sourceId } = dataset.body as { sourceId: number };
    const body = new FormData();
    body.append('table', 'sales');
    body.append('append', 'true');
    body.append('file', new Blob(['day,region,amount\n2024-04-25,North,1000\n']), 'sales.csv');
    const uploaded = await fetch(`${ctx.base}/api/v1/datasources/${sourceId}/uploads`, {
      method: 'POST',
      headers: ctx.acme.admin.headers,
      body,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    await caughtUp(rollup.id);
    const answer = await sums();
    expect(answer.sql).toContain(rollup.tableName);
    expect(answer.rows).toEqual([
      ['2024-01-01', 178],
      ['2024-04-01', 1008],
    ]);
  });

  it('are proposed from the charts over the dataset, with the charts served and the size', async () => {
    const chart = await createChart(ctx.base, ctx.acme, 'Sales by region');
    const answer = await api(ctx.base, ctx.acme.editor, 'GET', `${path()}/proposals`);
    expect(answer.status).toBe(200);
    const [proposal] = answer.body as RollupProposal[];
    expect(proposal.shape).toMatchObject({ dimensions: ['region'], timeField: null });
    expect(proposal.shape.measures).toEqual([{ agg: 'sum', field: 'amount' }]);
    expect(proposal.charts).toEqual([{ id: chart.id, name: 'Sales by region' }]);
    expect(proposal.estimatedRows).toBe(3);
  });

  it('go with their table when removed, and queries read the table again', async () => {
    const [rollup] = await listed();
    const removed = await api(ctx.base, ctx.acme.editor, 'DELETE', `${path()}/${rollup.id}`);
    expect(removed.status).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await ask(perMonth())).sql).not.toContain('rollup');
    const source = await ctx.server.app.db
      .selectFrom('datasets')
      .select('source_id')
      .where('id', '=', ctx.acme.datasetId)
      .executeTakeFirstOrThrow();
    const tables = await api(
      ctx.base,
      ctx.acme.admin,
      'GET',
      `/api/v1/datasources/${source.source_id}/schema`,
    );
    expect(tables.status).toBe(200);
    expect(JSON.stringify(tables.body)).not.toContain(rollup.tableName);
  });
});
