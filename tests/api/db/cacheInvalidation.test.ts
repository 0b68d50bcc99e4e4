import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteSourcesDir } from '../../../server/engines/sqlite/connector';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// Cached chart results never outlive the data they came from: replacing an uploaded table,
// changing a column type, dropping a table, editing or deleting a source and deleting the
// account all drop the cached answers, on the real server (buildApp) over HTTP.

let server: TestServer;
let admin: Session;
let acmeId: number;
let warehouseId: number;

/** Answers of the JSON calls this test makes (query results, records, error bodies). */
interface Answer {
  status: number;
  body: {
    id: number;
    rows: unknown[][];
    cached: boolean;
    message?: string;
  } & Record<string, unknown> &
    Array<{ id: number; type: string }>;
}

const call = (session: Session | null, method: string, path: string, body?: unknown) =>
  api(server.baseUrl, session, method, path, body) as Promise<Answer>;

async function upload(table: string, csv: string, replace = false): Promise<void> {
  const form = new FormData();
  form.append('table', table);
  if (replace) form.append('replace', 'true');
  form.append('file', new Blob([csv]), `${table}.csv`);
  const response = await fetch(`${server.baseUrl}/api/v1/datasources/${warehouseId}/uploads`, {
    method: 'POST',
    headers: admin.headers,
    body: form,
  });
  expect(response.status, await response.text()).toBe(200);
}

async function createDataset(
  name: string,
  from: { table: string } | { sql: string },
  sourceId = warehouseId,
) {
  const answer = await call(admin, 'POST', '/api/v1/datasets', { name, sourceId, ...from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id;
}

const total = (datasetId: number) =>
  call(admin, 'POST', '/api/v1/query', {
    query: {
      datasetId,
      dimensions: [],
      measures: [{ field: 'amount', agg: 'sum' }],
      filters: [],
      sort: [],
    },
  });

/** Asks twice: the second answer must come from the cache (the precondition of each test). */
async function cachedTotal(datasetId: number): Promise<unknown> {
  const first = await total(datasetId);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await total(datasetId);
  expect(second.body.cached).toBe(true);
  return second.body.rows[0][0];
}

function writeSqliteFile(name: string, amounts: number[]): void {
  const folder = sqliteSourcesDir(server.config.dataDir, acmeId);
  mkdirSync(folder, { recursive: true });
  const db = new Database(join(folder, name));
  db.exec('create table sales (region text, amount integer)');
  const insert = db.prepare('insert into sales values (?, ?)');
  for (const amount of amounts) insert.run('north', amount);
  db.close();
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server.baseUrl, 'acme', 'admin');
  const account = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  acmeId = account.id;
  const sources = await call(admin, 'GET', '/api/v1/datasources');
  warehouseId = sources.body.find((source) => source.type === 'duckdb')!.id;
});

afterAll(() => server?.close());

describe('cached results follow the data', () => {
  it('replacing an uploaded table answers the new data', async () => {
    await upload('sales', 'region,amount\nnorth,10\nsouth,20\n');
    const dataset = await createDataset('Sales', { table: 'sales' });
    expect(await cachedTotal(dataset)).toBe(30);

    await upload('sales', 'region,amount\nnorth,100\nsouth,200\nwest,300\n', true);
    const after = await total(dataset);
    expect(after.body).toMatchObject({ cached: false, rows: [[600]] });
  });

  it('changing a column type answers the converted values', async () => {
    await upload('prices', 'region,amount\nnorth,1.4\nsouth,1.4\n');
    const dataset = await createDataset('Prices', { table: 'prices' });
    expect(await cachedTotal(dataset)).toBeCloseTo(2.8);

    const altered = await call(
      admin,
      'PUT',
      `/api/v1/datasources/${warehouseId}/tables/prices/types`,
      {
        columns: [{ name: 'amount', type: 'INTEGER' }],
      },
    );
    expect(altered.status, JSON.stringify(altered.body)).toBe(200);
    expect((await total(dataset)).body).toMatchObject({ cached: false, rows: [[2]] });
  });

  it('dropping a table no longer answers from it', async () => {
    await upload('dropme', 'region,amount\nnorth,5\n');
    const dataset = await createDataset('Drop me', { sql: 'select region, amount from dropme' });
    expect(await cachedTotal(dataset)).toBe(5);

    const dropped = await call(admin, 'DELETE', `/api/v1/datasources/${warehouseId}/tables/dropme`);
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const after = await total(dataset);
    expect(after.status).toBe(400);
    expect(after.body.message).toMatch(/dropme/);
  });

  it('pointing a source at another file answers that file', async () => {
    writeSqliteFile('first.db', [1, 2]);
    writeSqliteFile('second.db', [10, 20, 30]);
    const created = await call(admin, 'POST', '/api/v1/datasources', {
      name: 'Shop file',
      type: 'sqlite',
      config: { file: 'first.db' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sourceId = created.body.id;
    const dataset = await createDataset('Shop sales', { table: 'sales' }, sourceId);
    expect(await cachedTotal(dataset)).toBe(3);

    const updated = await call(admin, 'PUT', `/api/v1/datasources/${sourceId}`, {
      name: 'Shop file',
      type: 'sqlite',
      config: { file: 'second.db' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await total(dataset)).body).toMatchObject({ cached: false, rows: [[60]] });

    // Deleting the source (after its dataset) drops what was cached of it.
    await cachedTotal(dataset);
    const cache = () => server.app.queryEngine.cache.usage(acmeId).entries;
    const before = cache();
    expect((await call(admin, 'DELETE', `/api/v1/datasets/${dataset}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/v1/datasources/${sourceId}`)).status).toBe(200);
    expect(cache()).toBe(before - 1);
  });

  it('deleting the account forgets all its cached results', async () => {
    const dataset = await createDataset('Sales again', { table: 'sales' });
    await cachedTotal(dataset);
    expect(server.app.queryEngine.cache.usage(acmeId).entries).toBeGreaterThan(0);

    const platform = await login(server.baseUrl, 'www', 'admin');
    const deleted = await call(platform, 'DELETE', `/api/v1/accounts/${acmeId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(server.app.queryEngine.cache.usage(acmeId)).toEqual({ entries: 0, bytes: 0 });
  });
});
