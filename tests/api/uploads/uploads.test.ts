import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingDir } from '../../../server/engines/duckdb/warehouse';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// Uploads into the tenant's DuckDB warehouse over HTTP: CSV, Parquet and JSON become tables
// with inferred types and row counts; oversize and bad files leave nothing behind.

const CSV = 'region,amount,day\nnorth,10.5,2024-01-02\nsouth,20,2024-02-03\neast,7.25,2024-03-04\n';

function form(name: string, content: BlobPart, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content]), name);
  return body;
}

async function parquetBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-parquet-'));
  const file = join(dir, 'points.parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT i AS id, i * 1.5 AS score, 'p' || i AS label FROM range(1, 101) t(i)) TO '${file}' (FORMAT parquet)`,
  );
  connection.closeSync();
  instance.closeSync();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return new Uint8Array(bytes);
}

describe('uploads', () => {
  let server: AnalyticsServer;
  let admin: string;
  let editor: string;
  let warehouseId: number;
  const acme = (token: string) => ({ token, site: 'acme' });
  const upload = (body: FormData, token = admin, query = '') =>
    call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads${query}`, {
      ...acme(token),
      body,
    });
  const tableNames = async (): Promise<string[]> => {
    const schema = await call(
      server,
      'GET',
      `/api/v1/datasources/${warehouseId}/schema`,
      acme(admin),
    );
    return schema.json.tables.map((t: { name: string }) => t.name).sort();
  };
  const staged = () => readdirSync(stagingDir(server.config.dataDir, server.accounts.acme));

  beforeAll(async () => {
    server = await startAnalyticsServer({ uploadMaxBytes: 64 * 1024 });
    admin = await server.sessionFor('acme', 'admin');
    editor = await server.sessionFor('acme', 'editor');
    const list = await call(server, 'GET', '/api/v1/datasources', acme(admin));
    warehouseId = list.json.find((s: { type: string }) => s.type === 'duckdb').id;
  });
  afterAll(() => server?.close());

  it('turns a CSV into a table with inferred types and its row count', async () => {
    const answer = await upload(form('Sales 2024.csv', CSV));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      table: 'sales_2024',
      columns: [
        { name: 'region', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
        { name: 'day', type: 'DATE' },
      ],
      rowCount: 3,
    });
    expect(await tableNames()).toContain('sales_2024');
    expect(staged()).toEqual([]);
  });

  it('turns Parquet and JSON (array and lines) into tables; the table field names them', async () => {
    const parquet = await upload(
      form('points.parquet', await parquetBytes(), { table: 'Score Points!' }),
    );
    expect(parquet.status).toBe(200);
    expect(parquet.json).toMatchObject({ table: 'score_points', rowCount: 100 });
    expect(parquet.json.columns).toEqual([
      { name: 'id', type: 'BIGINT' },
      { name: 'score', type: 'DECIMAL(21,1)' },
      { name: 'label', type: 'VARCHAR' },
    ]);

    const json = await upload(
      form(
        'people.json',
        JSON.stringify([
          { name: 'Ann', age: 31 },
          { name: 'Bo', age: 4 },
        ]),
      ),
    );
    expect(json.status).toBe(200);
    expect(json.json).toEqual({
      table: 'people',
      columns: [
        { name: 'name', type: 'VARCHAR' },
        { name: 'age', type: 'BIGINT' },
      ],
      rowCount: 2,
    });
    const lines = await upload(
      form('events.jsonl', '{"kind":"a","n":1}\n{"kind":"b","n":2}\n{"kind":"c","n":3}\n'),
    );
    expect(lines.json).toMatchObject({ table: 'events', rowCount: 3 });
    expect(staged()).toEqual([]);
  });

  it('answers 409 for an existing table unless replace=true', async () => {
    await upload(form('dupe.csv', CSV));
    const again = await upload(form('dupe.csv', 'region,amount\nwest,1\n'));
    expect(again.status).toBe(409);
    expect(again.json.field).toBe('table');
    const replaced = await upload(form('dupe.csv', 'region,amount\nwest,1\n', { replace: 'true' }));
    expect(replaced.status).toBe(200);
    expect(replaced.json.rowCount).toBe(1);
    const viaQuery = await upload(form('dupe.csv', CSV), admin, '?replace=true');
    expect(viaQuery.json.rowCount).toBe(3);
  });

  it("adds a file's rows to a table with append=true, by column name, all or nothing", async () => {
    await upload(form('ledger.csv', CSV));
    const rows = async () =>
      (await call(server, 'GET', `/api/v1/datasources/${warehouseId}/schema`, acme(admin))).json
        .tables as { name: string; columns: { name: string }[] }[];
    // Columns in another order, one missing (it stays empty), the day's text read as a date.
    const appended = await upload(
      form('ledger.csv', 'amount,region\n1.5,west\n2,north\n', { append: 'true' }),
    );
    expect(appended.status, JSON.stringify(appended.json)).toBe(200);
    expect(appended.json).toMatchObject({ table: 'ledger', rowCount: 5 });
    const viaQuery = await upload(form('ledger.csv', 'region\nsouth\n'), admin, '?append=1');
    expect(viaQuery.json.rowCount).toBe(6);

    const refusals: [FormData, string, number, RegExp][] = [
      [
        form('ledger.csv', 'region,colour\nx,red\n', { append: 'true' }),
        'file',
        400,
        /no column "colour"/,
      ],
      [
        form('ledger.csv', 'amount\nplenty\n', { append: 'true' }),
        'file',
        400,
        /could not be read/,
      ],
      [form('nowhere.csv', CSV, { append: 'true' }), '', 404, /Table "nowhere"/],
      [form('ledger.csv', CSV, { append: 'true', replace: 'true' }), 'append', 400, /not both/],
    ];
    for (const [body, field, status, message] of refusals) {
      const answer = await upload(body);
      expect(answer.status).toBe(status);
      expect(answer.json.message).toMatch(message);
      if (field) expect(answer.json.field).toBe(field);
    }
    const ledger = (await rows()).find((table) => table.name === 'ledger');
    expect(ledger?.columns.map((column) => column.name)).toEqual(['region', 'amount', 'day']);
    const counted = await upload(form('ledger.csv', 'region\neast\n', { append: 'true' }));
    expect(counted.json.rowCount).toBe(7);
    expect(await tableNames()).not.toContain('nowhere');
    expect((await tableNames()).filter((name) => name.startsWith('__'))).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('refuses an unknown form field or query parameter naming it, leaving nothing', async () => {
    const before = await tableNames();
    const unknownField = await upload(form('odd.csv', CSV, { colour: 'red' }));
    expect(unknownField.status).toBe(400);
    expect(unknownField.json).toMatchObject({ message: 'Unknown field: colour.', field: 'colour' });
    const badReplace = await upload(form('odd.csv', CSV, { replace: 'perhaps' }));
    expect(badReplace.status).toBe(400);
    expect(badReplace.json.field).toBe('replace');
    const unknownQuery = await upload(form('odd.csv', CSV), admin, '?colour=red');
    expect(unknownQuery.status).toBe(400);
    expect(unknownQuery.json.message).toBe('Unknown query parameter: colour.');
    expect(await tableNames()).toEqual(before);
    expect(staged()).toEqual([]);
  });

  it('answers 413 past the upload limit and leaves no table and no staged file', async () => {
    const big = 'a,b\n' + '123456789,abcdefghij\n'.repeat(4000);
    const answer = await upload(form('big.csv', big));
    expect(answer.status).toBe(413);
    expect(answer.json.message).toMatch(/upload limit is 64 KB|65536 bytes|upload limit/);
    expect(await tableNames()).not.toContain('big');
    expect(staged()).toEqual([]);
  });

  it('refuses files whose name or content is not CSV, Parquet or JSON, leaving nothing', async () => {
    const before = await tableNames();
    const cases: [FormData, RegExp][] = [
      [form('tool.exe', 'MZ'), /not a CSV, Parquet or JSON/],
      [form('binary.csv', new Uint8Array([1, 0, 2, 0, 255])), /content is binary data/],
      [form('fake.parquet', CSV), /named as Parquet but its content is CSV/],
      [form('list.csv', '[{"a":1}]'), /named as CSV but its content is JSON/],
      [form('broken.json', '[{"a": 1}, {"a": '), /could not be read as json/],
      [form('empty.csv', ''), /empty/],
    ];
    for (const [body, message] of cases) {
      const answer = await upload(body);
      expect(answer.status).toBe(400);
      expect(answer.json.field).toBe('file');
      expect(answer.json.message).toMatch(message);
    }
    expect(await tableNames()).toEqual(before);
    expect(staged()).toEqual([]);

    const noFile = new FormData();
    noFile.append('table', 'x');
    expect((await upload(noFile)).json).toMatchObject({ statusCode: 400, field: 'file' });
    const json = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(admin),
      body: { file: 'x' },
    });
    expect(json.status).toBe(400);
  });

  it('confirms or changes column types, all or nothing', async () => {
    await upload(form('typed.csv', 'code,amount\n001,10\n002,20\n'));
    const path = `/api/v1/datasources/${warehouseId}/tables/typed/types`;
    const changed = await call(server, 'PUT', path, {
      ...acme(editor),
      body: {
        columns: [
          { name: 'code', type: 'VARCHAR' },
          { name: 'amount', type: 'DOUBLE' },
        ],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.columns).toEqual([
      { name: 'code', type: 'VARCHAR' },
      { name: 'amount', type: 'DOUBLE' },
    ]);
    const badType = await call(server, 'PUT', path, {
      ...acme(admin),
      body: {
        columns: [
          { name: 'amount', type: 'INTEGER' },
          { name: 'code', type: 'BLOB; DROP TABLE typed' },
        ],
      },
    });
    expect(badType.status).toBe(400);
    const unknown = await call(server, 'PUT', path, {
      ...acme(admin),
      body: { columns: [{ name: 'nope', type: 'INTEGER' }] },
    });
    expect(unknown.status).toBe(400);
    const schema = await call(
      server,
      'GET',
      `/api/v1/datasources/${warehouseId}/schema`,
      acme(admin),
    );
    const typed = schema.json.tables.find((t: { name: string }) => t.name === 'typed');
    expect(typed.columns.map((c: { type: string }) => c.type)).toEqual(['VARCHAR', 'DOUBLE']);
    const missing = await call(
      server,
      'PUT',
      `/api/v1/datasources/${warehouseId}/tables/nothing/types`,
      {
        ...acme(admin),
        body: { columns: [{ name: 'a', type: 'INTEGER' }] },
      },
    );
    expect(missing.status).toBe(404);
  });

  it('discards an uploaded table unless a dataset uses it', async () => {
    await upload(form('scratch.csv', CSV));
    await upload(form('kept.csv', CSV));
    const dataset = await call(server, 'POST', '/api/v1/datasets', {
      ...acme(editor),
      body: { sourceId: warehouseId, name: 'Kept', table: 'kept' },
    });
    expect(dataset.status).toBe(200);
    const used = await call(
      server,
      'DELETE',
      `/api/v1/datasources/${warehouseId}/tables/kept`,
      acme(editor),
    );
    expect(used.status).toBe(409);
    expect(used.json.message).toMatch(/"Kept"/);
    const gone = await call(
      server,
      'DELETE',
      `/api/v1/datasources/${warehouseId}/tables/scratch`,
      acme(editor),
    );
    expect(gone.json).toEqual({ table: 'scratch' });
    expect(await tableNames()).not.toContain('scratch');
    expect(await tableNames()).toContain('kept');
    const again = await call(
      server,
      'DELETE',
      `/api/v1/datasources/${warehouseId}/tables/scratch`,
      acme(editor),
    );
    expect(again.status).toBe(404);
  });

  it("lets an editor upload into the account's own warehouse", async () => {
    const answer = await upload(form('Team targets.csv', CSV), editor);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ table: 'team_targets', rowCount: 3 });
    expect(await tableNames()).toContain('team_targets');
    const boss = await server.sessionFor('globex', 'boss');
    const globexSources = await call(server, 'GET', '/api/v1/datasources', {
      token: boss,
      site: 'globex',
    });
    const globexWarehouse = globexSources.json.find((s: { type: string }) => s.type === 'duckdb');
    const globexSchema = await call(
      server,
      'GET',
      `/api/v1/datasources/${globexWarehouse.id}/schema`,
      { token: boss, site: 'globex' },
    );
    expect(globexSchema.json.tables.map((t: { name: string }) => t.name)).not.toContain(
      'team_targets',
    );
    const viewer = await server.sessionFor('acme', 'viewer');
    const refused = await upload(form('Viewer.csv', CSV), viewer);
    expect(refused.status).toBe(403);
    expect(await tableNames()).not.toContain('viewer');
  });

  it('keeps uploads to editors and admins of the account, and to the warehouse', async () => {
    const viewer = await server.sessionFor('acme', 'viewer');
    expect((await upload(form('v.csv', CSV), viewer)).status).toBe(403);
    const globex = await server.sessionFor('globex', 'boss');
    const foreign = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      token: globex,
      site: 'globex',
      body: form('g.csv', CSV),
    });
    expect(foreign.status).toBe(404);
    const sqlite = await call(server, 'POST', '/api/v1/datasources', {
      ...acme(admin),
      body: { name: 'Files', type: 'sqlite', config: { file: 'files.db' } },
    });
    const toSqlite = await call(server, 'POST', `/api/v1/datasources/${sqlite.json.id}/uploads`, {
      ...acme(admin),
      body: form('s.csv', CSV),
    });
    expect(toSqlite.status).toBe(400);
    expect(toSqlite.json.message).toMatch(/DuckDB warehouse only/);
    expect(await tableNames()).not.toContain('v');
    expect(await tableNames()).not.toContain('g');
  });
});
