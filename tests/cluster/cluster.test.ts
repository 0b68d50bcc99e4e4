import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startClusterProcess } from '../../scripts/cluster/clusterProcess.mjs';
import {
  api,
  isPostgresReachable,
  isRedisReachable,
  login,
  TEST_PASSWORD,
  type Session,
} from '../api/harness';

// `npm run cluster` as an operator runs it: PostgreSQL, Redis, two ClickHouse shards, three
// instances started at once on one ClickHouse warehouse (the first shard) and nginx balancing
// without affinity, on ports and a database of the test's own. A tenant is served through
// nginx; its demo warehouse was seeded once; every instance answers its charts alike and an
// upload through one is queried through another; the Distributed flights table holds both shards' rows and acme's ClickHouse dataset
// charts them through nginx, also after a shard was killed and restarted; an instance killed
// with SIGKILL is restarted while its tenant keeps being served; 200 viewers of a shared
// dashboard and a writer go on through an instance's SIGKILL and Redis's restart with nothing
// failed after the web app's one retry and no acknowledged write lost; Ctrl+C stops all.

const INSTANCES = 3;
const VIEWERS = 200;
const FAULT_TEST_SECONDS = 60;
const START_TIMEOUT_MS = 300_000;

const reachable = (await isPostgresReachable()) && (await isRedisReachable());

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `probe` until it answers a value (Vitest's waitUntil, at this suite's pace). */
const until = <T>(probe: () => T | undefined | Promise<T | undefined>, timeout: number) =>
  vi.waitUntil(probe, { timeout, interval: 250 }) as Promise<T>;

describe.runIf(reachable)('npm run cluster', () => {
  let cluster: Awaited<ReturnType<typeof startClusterProcess>>;
  let base: string;
  let acme: Session;
  const output = () => cluster.output();

  const pidOf = (instance: number) => {
    try {
      return Number(readFileSync(join(cluster.dir, 'logs', `instance-${instance}.pid`), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const healthy = async (instance: number) => {
    const url = `${cluster.instanceUrl(instance - 1)}/api/v1/health`;
    const answer = await fetch(url).catch(() => undefined);
    return answer?.status === 200 ? true : undefined;
  };
  const monthlyFlights = async (datasetId: number) =>
    api(base, acme, 'POST', '/api/v1/query', {
      query: {
        datasetId,
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [],
        sort: [],
      },
    });

  beforeAll(async () => {
    cluster = await startClusterProcess({
      instances: INSTANCES,
      env: {
        // Every viewer comes from this machine's address: the per-address limit is the test's.
        RATE_LIMIT_SHARE_PER_MINUTE: '1000000',
        DEMO_PASSWORD: TEST_PASSWORD,
        BRANDBOARD_TEST_SCRYPT_N: '1024',
      },
      timeoutMs: START_TIMEOUT_MS,
    });
    base = cluster.base;
    acme = await login(base, 'acme', 'viewer');
  }, START_TIMEOUT_MS + 30_000);

  afterAll(() => cluster?.stop(), 60_000);

  it('prints the URL and serves a tenant through nginx, every instance healthy', async () => {
    expect(output()).toContain(`http://acme.localhost:${cluster.port}`);
    for (let instance = 1; instance <= INSTANCES; instance++) {
      expect(await healthy(instance)).toBe(true);
    }
    const datasets = await api(base, acme, 'GET', '/api/v1/datasets?range=[0,99]');
    expect(datasets.status).toBe(200);
    const flights = (datasets.body as { id: number; name: string }[]).find(
      (dataset) => dataset.name === 'Flights',
    );
    expect(flights).toBeDefined();
    const answer = await monthlyFlights(flights!.id);
    expect(answer.status).toBe(200);
    expect((answer.body as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  /** Rows of `sql` as the first shard's administrator (the warehouse's ClickHouse). */
  const warehouseRows = async (sql: string) => {
    const { admin: password } = JSON.parse(
      readFileSync(join(cluster.dir, 'clickhouse', 'credentials.json'), 'utf8'),
    ) as { admin: string };
    const url = new URL(cluster.clickhouseUrl(0));
    url.searchParams.set('user', 'default');
    url.searchParams.set('password', password);
    const answer = await fetch(url, { method: 'POST', body: `${sql} FORMAT JSONCompact` });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: unknown[][] }).data;
  };

  it('seeded the demo warehouse into ClickHouse once, though the instances started together', async () => {
    expect(output()).toMatch(/Warehouses: ClickHouse/);
    const admin = await login(base, 'acme', 'admin');
    const sources = await api(base, admin, 'GET', '/api/v1/datasources');
    const warehouses = (sources.body as { id: number; type: string }[]).filter(
      (source) => source.type === 'duckdb',
    );
    expect(warehouses).toHaveLength(1);
    const datasets = await api(base, admin, 'GET', '/api/v1/datasets?range=[0,999]');
    const names = (datasets.body as { name: string }[]).map((dataset) => dataset.name);
    expect(new Set(names).size).toBe(names.length);
    // One tenant database on the first shard: each demo table once, the flights all there.
    const tables = (await warehouseRows(
      "SELECT database, name FROM system.tables WHERE match(database, '^brandboard_[0-9]+$') ORDER BY name",
    )) as [string, string][];
    expect(new Set(tables.map(([database]) => database)).size).toBe(1);
    expect(tables.filter(([, name]) => name.startsWith('__bb_'))).toEqual([]);
    const database = tables[0][0];
    expect(tables.filter(([, name]) => name === 'flights')).toHaveLength(1);
    expect(await warehouseRows(`SELECT count() FROM ${database}.flights`)).toEqual([['3000000']]);
  });

  it("answers a tenant's charts alike on every instance, and queries an upload through another", async () => {
    const admin = await login(base, 'acme', 'admin');
    const datasets = await api(base, admin, 'GET', '/api/v1/datasets?range=[0,99]');
    const flights = (datasets.body as { id: number; name: string }[]).find(
      (dataset) => dataset.name === 'Flights',
    )!;
    // A filter of each instance's own (always true): each runs the query on the warehouse
    // rather than finding another's result in the shared cache.
    const monthlyOn = async (index: number) => {
      const answer = await api(cluster.instanceUrl(index), admin, 'POST', '/api/v1/query', {
        query: {
          datasetId: flights.id,
          dimensions: [{ field: 'date', grain: 'month' }],
          measures: [
            { field: '*', agg: 'count' },
            { field: 'delay', agg: 'sum' },
          ],
          filters: [{ field: 'distance', op: '>', value: -1 - index }],
          sort: [{ key: 'date', dir: 'asc' }],
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { rows: [string, number, number][] }).rows;
    };
    const answers = [];
    for (let index = 0; index < INSTANCES; index++) answers.push(await monthlyOn(index));
    expect(answers[0].reduce((sum, row) => sum + row[1], 0)).toBe(3_000_000);
    for (const rows of answers.slice(1)) expect(rows).toEqual(answers[0]);

    // Uploaded through the first instance, charted through the second, read in SQL on the third.
    const sources = await api(base, admin, 'GET', '/api/v1/datasources');
    const warehouseId = (sources.body as { id: number; type: string }[]).find(
      (source) => source.type === 'duckdb',
    )!.id;
    const form = new FormData();
    form.append('file', new Blob(['region,amount\nnorth,10\nsouth,20\nnorth,5\n']), 'sales.csv');
    const uploaded = await api(
      cluster.instanceUrl(0),
      admin,
      'POST',
      `/api/v1/datasources/${warehouseId}/uploads`,
      form,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({ table: 'sales', rowCount: 3 });
    const created = await api(cluster.instanceUrl(1), admin, 'POST', '/api/v1/datasets', {
      sourceId: warehouseId,
      name: 'Sales uploaded on instance 1',
      table: 'sales',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const byRegion = await api(cluster.instanceUrl(1), admin, 'POST', '/api/v1/query', {
      query: {
        datasetId: (created.body as { id: number }).id,
        dimensions: [{ field: 'region' }],
        measures: [{ field: 'amount', agg: 'sum' }],
        filters: [],
        sort: [{ key: 'region', dir: 'asc' }],
      },
    });
    expect(byRegion.status, JSON.stringify(byRegion.body)).toBe(200);
    expect((byRegion.body as { rows: unknown[] }).rows).toEqual([
      ['north', 15],
      ['south', 20],
    ]);
    const explored = await api(cluster.instanceUrl(INSTANCES - 1), admin, 'POST', '/api/v1/sql', {
      sourceId: warehouseId,
      sql: 'SELECT count(*) AS n, sum(amount) AS total FROM sales',
    });
    expect(explored.status, JSON.stringify(explored.body)).toBe(200);
    expect((explored.body as { rows: unknown[][] }).rows.map((row) => row.map(Number))).toEqual([
      [3, 35],
    ]);
  });

  it('charts the flights of both ClickHouse shards through nginx, also after a shard restarted', async () => {
    expect(output()).toContain(cluster.clickhouseUrl(0));
    expect(output()).toContain(cluster.clickhouseUrl(1));
    const { admin: password } = JSON.parse(
      readFileSync(join(cluster.dir, 'clickhouse', 'credentials.json'), 'utf8'),
    ) as { admin: string };
    const clickhouse = async (shard: number, sql: string) => {
      const url = new URL(cluster.clickhouseUrl(shard));
      url.searchParams.set('user', 'default');
      url.searchParams.set('password', password);
      const answer = await fetch(url, { method: 'POST', body: `${sql} FORMAT JSONCompact` });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { data: [string, string][] }).data[0].map(Number);
    };
    const totals = 'SELECT count(), sum(delay)';
    const shards = [
      await clickhouse(0, `${totals} FROM demo.flights_local`),
      await clickhouse(1, `${totals} FROM demo.flights_local`),
    ];
    // Each shard holds a share of the rows; the Distributed table, asked on either, all of them.
    for (const [count] of shards) expect(count).toBeGreaterThan(1_000_000);
    const expected = [shards[0][0] + shards[1][0], shards[0][1] + shards[1][1]];
    expect(expected[0]).toBe(3_000_000);
    expect(await clickhouse(0, `${totals} FROM demo.flights`)).toEqual(expected);
    expect(await clickhouse(1, `${totals} FROM demo.flights`)).toEqual(expected);

    const datasets = await api(base, acme, 'GET', '/api/v1/datasets?range=[0,99]');
    const named = (name: string) =>
      (datasets.body as { id: number; name: string }[]).find((dataset) => dataset.name === name)!;
    const onClickhouse = named('Flights on ClickHouse');
    expect(onClickhouse).toBeDefined();
    const monthly = async (datasetId: number) => {
      const answer = await api(base, acme, 'POST', '/api/v1/query', {
        query: {
          datasetId,
          dimensions: [{ field: 'date', grain: 'month' }],
          measures: [
            { field: '*', agg: 'count' },
            { field: 'delay', agg: 'sum' },
          ],
          filters: [],
          sort: [{ key: 'date', dir: 'asc' }],
        },
      });
      expect(answer.status).toBe(200);
      return (answer.body as { rows: [string, number, number][] }).rows;
    };
    const rows = await monthly(onClickhouse.id);
    expect(rows.map((row) => row[0])).toEqual([
      '2001-01-01',
      '2001-02-01',
      '2001-03-01',
      '2001-04-01',
      '2001-05-01',
      '2001-06-01',
      '2001-07-01',
    ]);
    const sums = (answered: [string, number, number][]) =>
      answered.reduce((sum, row) => [sum[0] + row[1], sum[1] + row[2]], [0, 0]);
    expect(sums(rows)).toEqual(expected);
    // The same chart on the demo warehouse (a ClickHouse database of the first shard, loaded
    // from the same Parquet file) answers the same months and figures.
    expect(await monthly(named('Flights').id)).toEqual(rows);

    // A shard killed is started again by the cluster, with its rows.
    const shardPid = () => {
      try {
        return Number(readFileSync(join(cluster.dir, 'logs', 'clickhouse-2.pid'), 'utf8'));
      } catch {
        return undefined;
      }
    };
    const killed = shardPid()!;
    process.kill(killed, 'SIGKILL');
    await until(() => {
      const pid = shardPid();
      return pid && pid !== killed ? pid : undefined;
    }, 30_000);
    await until(
      async () =>
        (await fetch(`${cluster.clickhouseUrl(1)}/ping`).catch(() => null))?.ok || undefined,
      60_000,
    );
    expect(output()).toMatch(/clickhouse-2 exited \(SIGKILL\); restarting it/);
    // A new filter: not an answer kept in a cache from before the restart.
    const after = await api(base, acme, 'POST', '/api/v1/query', {
      query: {
        datasetId: onClickhouse.id,
        dimensions: [],
        measures: [
          { field: '*', agg: 'count' },
          { field: 'delay', agg: 'sum' },
        ],
        filters: [{ field: 'distance', op: '>', value: -1 }],
        sort: [],
      },
    });
    expect(after.status).toBe(200);
    expect((after.body as { rows: number[][] }).rows).toEqual([expected]);
  }, 180_000);

  it('restarts an instance killed with SIGKILL, and the tenant is served meanwhile', async () => {
    const datasets = await api(base, acme, 'GET', '/api/v1/datasets?range=[0,99]');
    const flights = (datasets.body as { id: number; name: string }[]).find(
      (dataset) => dataset.name === 'Flights',
    )!;
    for (let instance = 1; instance <= INSTANCES; instance++) {
      const killed = pidOf(instance)!;
      process.kill(killed, 'SIGKILL');
      // Whichever instance served acme, nginx passes its requests on while it is down.
      for (let i = 0; i < 5; i++) expect((await monthlyFlights(flights.id)).status).toBe(200);
      const restarted = await until(() => {
        const pid = pidOf(instance);
        return pid && pid !== killed ? pid : undefined;
      }, 30_000);
      expect(isRunning(restarted)).toBe(true);
      await until(() => healthy(instance), 120_000);
    }
    expect(output()).toMatch(/instance-1 exited \(SIGKILL\); restarting it/);
  }, 500_000);

  it('keeps 200 viewers of a shared dashboard and a writer served through an instance killed and Redis restarted', async () => {
    const admin = await login(base, 'acme', 'admin');
    const dashboards = await api(base, admin, 'GET', '/api/v1/dashboards?range=[0,9]');
    const dashboard = (dashboards.body as { id: number }[])[0];
    const link = await api(base, admin, 'POST', `/api/v1/dashboards/${dashboard.id}/shareLinks`, {
      label: 'fault test',
      frozenFilters: [],
    });
    expect(link.status).toBe(200);
    const { token } = link.body as { token: string };
    const shared = `/api/v1/share/dashboards/${dashboard.id}`;
    const asViewer = { authorization: `Bearer ${token}`, site: 'acme' };
    const opened = await api(base, null, 'GET', shared, undefined, asViewer);
    expect(opened.status).toBe(200);
    const chartIds = (opened.body as { charts: { id: number }[] }).charts.map((chart) => chart.id);
    expect(chartIds.length).toBeGreaterThan(0);

    // As the web app: a read once more after a dropped connection or a 502/503/504.
    const failures: string[] = [];
    let answered = 0;
    const read = async (method: string, path: string, body?: unknown) => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const answer = await api(base, null, method, path, body, asViewer).catch(() => null);
        if (answer && ![502, 503, 504].includes(answer.status)) {
          if (answer.status === 200) answered++;
          else failures.push(`${method} ${path}: ${answer.status}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      failures.push(`${method} ${path}: failed twice`);
    };
    const end = Date.now() + FAULT_TEST_SECONDS * 1000;
    const viewer = async (n: number) => {
      while (Date.now() < end) {
        await read('GET', shared);
        const chartId = chartIds[n % chartIds.length];
        await read('POST', `${shared}/query`, { chartId, filters: [] });
      }
    };
    // A writer: each acknowledged write must be found after the faults.
    const written: number[] = [];
    const writer = async () => {
      for (let n = 0; Date.now() < end; n++) {
        const answer = await api(base, admin, 'POST', '/api/v1/dashboards', {
          name: `Written during the faults ${n}`,
        }).catch(() => null);
        if (answer?.status === 200) written.push((answer.body as { id: number }).id);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const faults = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      for (let instance = 1; instance <= INSTANCES; instance++) {
        process.kill(pidOf(instance)!, 'SIGKILL');
        await until(() => healthy(instance), 60_000);
      }
      const redis = Number(readFileSync(join(cluster.dir, 'logs', 'redis.pid'), 'utf8'));
      process.kill(redis, 'SIGKILL');
    };
    await Promise.all([
      ...Array.from({ length: VIEWERS }, (_, n) => viewer(n)),
      writer(),
      faults(),
    ]);

    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(VIEWERS * 4);
    expect(written.length).toBeGreaterThan(10);
    for (const id of written) {
      expect((await api(base, admin, 'GET', `/api/v1/dashboards/${id}`)).status).toBe(200);
    }
  }, 300_000);

  it('stops every process it started on Ctrl+C', async () => {
    const pids = Array.from({ length: INSTANCES }, (_, i) => pidOf(i + 1)!);
    const pidFile = (name: string) =>
      Number(readFileSync(join(cluster.dir, 'logs', `${name}.pid`), 'utf8'));
    const others = ['nginx', 'redis', 'clickhouse-1', 'clickhouse-2'].map(pidFile);
    expect(await cluster.stop()).toBe(0);
    for (const pid of [...pids, ...others]) expect(isRunning(pid)).toBe(false);
    await expect(fetch(`${base}/api/v1/health`)).rejects.toThrow();
  }, 60_000);
});
