import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryEngine } from '../../../server/query/executeQuery';
import { orderSources, type OrderSources } from '../queryFixtures';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';

// Cache and single-flight over HTTP: identical concurrent queries run once at the source,
// repeats come from the cache until the TTL passes or the memory bound evicts them, and a
// client that goes away stops its query at the source.

let server: QueryTestServer;
let data: OrderSources;
let engine: QueryEngine;
let token: string;
let accountId: number;
let duckdbSourceId: number;
let ordersDataset: number;

beforeAll(async () => {
  server = await startQueryServer();
  accountId = await server.addAccount('acme', { editor: 'editor' });
  data = await orderSources(server, accountId);
  token = await server.sessionFor('acme', 'editor');
  engine = server.app.queryEngine;
  const duckdb = data.sources.find((source) => source.dialect === 'duckdb')!;
  duckdbSourceId = duckdb.sourceId;
  ordersDataset = duckdb.tableDataset;
});

afterAll(async () => {
  await server?.close();
  await data?.drop();
});

function regionCount(region: string) {
  return {
    datasetId: ordersDataset,
    dimensions: [],
    measures: [{ field: '*', agg: 'count' }],
    filters: [{ field: 'region', op: '=', value: region }],
    sort: [],
  };
}

const ask = (query: object, signal?: AbortSignal) =>
  post(server, '/api/v1/query', { query }, { token, site: 'acme', signal });

/** Waits (bounded) until `condition` holds; the caller asserts on the condition after. */
async function eventually(condition: () => boolean | Promise<boolean>, limitMs = 20_000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('single-flight and the result cache', () => {
  it('runs 50 concurrent identical queries once at the source; the next one is cached', async () => {
    engine.configure({ cacheTtlMs: 60_000 });
    const before = engine.stats.executions(accountId, duckdbSourceId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(regionCount('North'))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(answers.every((answer) => answer.json.rows[0][0] === 2)).toBe(true);
    expect(engine.stats.executions(accountId, duckdbSourceId) - before).toBe(1);

    const again = await ask(regionCount('North'));
    expect(again.json).toMatchObject({ cached: true, rows: [[2]] });
    expect(engine.stats.executions(accountId, duckdbSourceId) - before).toBe(1);
  });

  it('runs the query again once the TTL has passed', async () => {
    let clock = 1_000_000;
    engine.configure({ cacheTtlMs: 30_000 }, () => clock);
    const before = engine.stats.executions(accountId, duckdbSourceId);
    expect((await ask(regionCount('South'))).json.cached).toBe(false);
    clock += 29_999;
    expect((await ask(regionCount('South'))).json.cached).toBe(true);
    clock += 1;
    expect((await ask(regionCount('South'))).json).toMatchObject({ cached: false, rows: [[2]] });
    expect(engine.stats.executions(accountId, duckdbSourceId) - before).toBe(2);
  });

  it('evicts the least recently used result past the memory bound', async () => {
    engine.configure({ cacheTtlMs: 60_000 });
    await ask(regionCount('East'));
    const oneResult = engine.cache.usage(accountId).bytes;
    expect(oneResult).toBeGreaterThan(0);
    // Room for two results (their sizes differ by a few bytes of durationMs), not three.
    engine.configure({ cacheTtlMs: 60_000, cacheMaxBytesPerTenant: Math.floor(oneResult * 2.5) });
    await ask(regionCount('East'));
    await ask(regionCount('West'));
    await ask(regionCount('North')); // the bound holds two: East goes
    expect(engine.cache.usage(accountId).entries).toBe(2);
    expect((await ask(regionCount('West'))).json.cached).toBe(true);
    expect((await ask(regionCount('East'))).json.cached).toBe(false);
  });
});

describe('cache freshness', () => {
  it('does not answer from the cache once the dataset was edited', async () => {
    engine.configure({ cacheTtlMs: 60_000 });
    await ask(regionCount('North'));
    expect((await ask(regionCount('North'))).json.cached).toBe(true);
    await server.app.db
      .updateTable('datasets')
      .set({ updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', ordersDataset)
      .execute();
    expect((await ask(regionCount('North'))).json.cached).toBe(false);
  });

  it('forgets the results of a source when told its data changed', async () => {
    engine.configure({ cacheTtlMs: 60_000 });
    await ask(regionCount('South'));
    engine.invalidateSource(accountId, duckdbSourceId);
    expect((await ask(regionCount('South'))).json.cached).toBe(false);
  });
});

describe('a cancelled HTTP request stops the query at the source', () => {
  it('interrupts a slow DuckDB query', async () => {
    engine.configure({ timeoutMs: 600_000 });
    const slow = await server.addDataset(
      accountId,
      duckdbSourceId,
      { sql: 'select range as x from range(1000000000000)' },
      [{ name: 'x', label: 'X', type: 'number', role: 'measure', synonyms: [] }],
    );
    const client = new AbortController();
    const pending = ask(
      {
        datasetId: slow,
        dimensions: [],
        measures: [{ field: 'x', agg: 'sum' }],
        filters: [],
        sort: [],
      },
      client.signal,
    ).catch((error: Error) => error);
    await eventually(() => engine.stats.running(accountId, duckdbSourceId) === 1);
    expect(engine.stats.running(accountId, duckdbSourceId)).toBe(1);
    client.abort();
    expect(await pending).toBeInstanceOf(Error);
    await eventually(() => engine.stats.running(accountId, duckdbSourceId) === 0);
    expect(engine.stats.running(accountId, duckdbSourceId)).toBe(0);
    // The warehouse answers the next query at once.
    expect((await ask(regionCount('West'))).status).toBe(200);
  });

  it('cancels a PostgreSQL query: pg_sleep leaves pg_stat_activity', async () => {
    const postgres = data.sources.find((source) => source.dialect === 'postgres');
    if (!postgres) {
      console.warn('*** PostgreSQL unreachable: skipping the cancellation test on PostgreSQL ***');
      return;
    }
    engine.configure({ timeoutMs: 600_000 });
    const sleeping = await server.addDataset(
      accountId,
      postgres.sourceId,
      { sql: 'select 1 as n from pg_sleep(45)' },
      [{ name: 'n', label: 'N', type: 'number', role: 'measure', synonyms: [] }],
    );
    const monitor = new pg.Client({
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: 'postgres',
    });
    await monitor.connect();
    const sleepers = async () =>
      Number(
        (
          await monitor.query(
            "select count(*) as n from pg_stat_activity where query like '%pg_sleep(45)%' and pid <> pg_backend_pid() and state = 'active'",
          )
        ).rows[0].n,
      );
    try {
      const client = new AbortController();
      const pending = ask(
        {
          datasetId: sleeping,
          dimensions: [],
          measures: [{ field: '*', agg: 'count' }],
          filters: [],
          sort: [],
        },
        client.signal,
      ).catch((error: Error) => error);
      await eventually(async () => (await sleepers()) === 1);
      expect(await sleepers()).toBe(1);
      client.abort();
      expect(await pending).toBeInstanceOf(Error);
      await eventually(async () => (await sleepers()) === 0);
      expect(await sleepers()).toBe(0);
      await eventually(() => engine.stats.running(accountId, postgres.sourceId) === 0);
      expect(engine.stats.running(accountId, postgres.sourceId)).toBe(0);
    } finally {
      await monitor.end();
    }
  });
});
