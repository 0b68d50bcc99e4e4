import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { stagingDir } from '../../../server/engines/duckdb/warehouse';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';
import { startServer } from '../harness';

// The upload corpus kept as tests: files that crashed, hung or slowed the server
// (deep JSON, huge lines, many columns, wrong content for the name, empty, hostile names,
// malformed multipart) each get a clear 4xx, leave no table and no staged file, and the
// server serves the next upload and query. An upload past the time limit is interrupted.

const MB = 1024 * 1024;

function form(name: string, content: BlobPart, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content]), name);
  return body;
}

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => `[${'{"v":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}]`;

/** A Parquet file of `columns` integer columns, written by DuckDB. */
async function wideParquet(columns: number): Promise<Uint8Array<ArrayBuffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-wide-'));
  const file = join(dir, 'wide.parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const list = Array.from({ length: columns }, (_, i) => `${i} as c${i}`).join(', ');
  await connection.run(`COPY (SELECT ${list}) TO '${file}' (FORMAT parquet)`);
  connection.closeSync();
  instance.closeSync();
  const bytes = new Uint8Array(readFileSync(file));
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

interface Uploads {
  server: AnalyticsServer;
  admin: string;
  warehouseId: number;
}

async function startUploads(env: Record<string, string> = {}): Promise<Uploads> {
  const server = await startAnalyticsServer({ env });
  const admin = await server.sessionFor('acme', 'admin');
  const list = await call(server, 'GET', '/api/v1/datasources', { token: admin, site: 'acme' });
  const warehouseId = list.json.find((s: { type: string }) => s.type === 'duckdb').id;
  return { server, admin, warehouseId };
}

function helpers(get: () => Uploads) {
  const uploadPath = () => `/api/v1/datasources/${get().warehouseId}/uploads`;
  return {
    upload: (body: FormData) =>
      call(get().server, 'POST', uploadPath(), { token: get().admin, site: 'acme', body }),
    /** A hand-made multipart request. */
    rawUpload: async (contentType: string, body: string) => {
      const response = await fetch(`${get().server.base}${uploadPath()}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${get().admin}`,
          site: 'acme',
          'content-type': contentType,
        },
        body,
      });
      return { status: response.status, json: await response.json() };
    },
    tables: async (): Promise<
      Record<string, { columns: { name: string }[]; rowCount?: number }>
    > => {
      const { server, admin, warehouseId } = get();
      const schema = await call(server, 'GET', `/api/v1/datasources/${warehouseId}/schema`, {
        token: admin,
        site: 'acme',
      });
      expect(schema.status).toBe(200);
      return Object.fromEntries(schema.json.tables.map((t: { name: string }) => [t.name, t]));
    },
    staged: () => readdirSync(stagingDir(get().server.config.dataDir, get().server.accounts.acme)),
    sql: (sql: string) =>
      call(get().server, 'POST', '/api/v1/sql', {
        token: get().admin,
        site: 'acme',
        body: { sourceId: get().warehouseId, sql },
      }),
  };
}

describe('upload corpus', () => {
  let uploads: Uploads;
  const { upload, rawUpload, tables, staged, sql } = helpers(() => uploads);

  beforeAll(async () => {
    uploads = await startUploads();
  });
  afterAll(() => uploads?.server.close());

  /** Sends each refused file; each answers `status` with `message`, and leaves nothing. */
  async function expectRefused(cases: [string, BlobPart, RegExp, number?][]) {
    for (const [name, content, message, status = 400] of cases) {
      const before = Object.keys(await tables()).sort();
      const answer = await upload(form(name, content));
      expect({ name, status: answer.status, message: answer.json.message }).toEqual({
        name,
        status,
        message: expect.stringMatching(message),
      });
      expect(answer.json.field).toBe('file');
      expect(Object.keys(await tables()).sort()).toEqual(before);
      expect(staged()).toEqual([]);
    }
  }

  it('accepts JSON nested 10 levels deep', async () => {
    const answer = await upload(form('nested10.json', nestedObjects(10)));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ table: 'nested10', rowCount: 1 });
    expect(Object.keys(await tables())).toContain('nested10');
    expect(staged()).toEqual([]);
  });

  it('refuses JSON nested past 64 levels at once, up to the 100,000 that crashed DuckDB', async () => {
    await expectRefused([
      [
        'deep65.json',
        nestedArrays(65),
        /^file: JSON nested deeper than 64 levels \(at byte 64\)\.$/,
      ],
      ['deep65objects.json', nestedObjects(66), /^file: JSON nested deeper than 64 levels/],
      ['deep1000.json', nestedArrays(1000), /JSON nested deeper than 64 levels \(at byte 64\)/],
      ['deep100000.json', nestedArrays(100_000), /JSON nested deeper than 64 levels/],
      [
        'deepline.jsonl',
        '{"a":1}\n'.repeat(50) + `{"a":${nestedArrays(200)}}\n`,
        /JSON nested deeper than 64 levels \(at byte 468\)/,
      ],
      [
        'wide.json',
        `[{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}]`,
        /^file: a JSON object has more than 2,000 keys/,
      ],
    ]);
  });

  it('refuses huge lines, an unbalanced quote and too many columns while streaming', async () => {
    await expectRefused([
      [
        'hugeline.csv',
        `a,b\n1,${'x'.repeat(5 * MB)}\n`,
        /^file: line 2 is longer than 1 MB \(at byte 1,048,580\)\.$/,
      ],
      [
        'unbalanced.csv',
        `a,b\n"open,1\n${'123456,abcdef\n'.repeat(100_000)}`,
        /^file: line 2 is longer than 1 MB, or a quote is not closed/,
      ],
      [
        'columns.csv',
        `${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',')}\n`,
        /^file: line 1 has more than 2,000 columns\.$/,
      ],
      [
        'columns.parquet',
        await wideParquet(2001),
        /^file: the Parquet file has more than 2000 columns/,
      ],
    ]);
  });

  it('refuses empty files and content of another type than the name says', async () => {
    const parquetLike = Buffer.concat([
      Buffer.from('PAR1'),
      Buffer.alloc(64, 7),
      Buffer.from([0xff, 0xff, 0, 0]),
      Buffer.from('PAR1'),
    ]);
    await expectRefused([
      ['empty.csv', '', /^file: the file is empty\.$/],
      ['empty.json', '', /^file: the file is empty\.$/],
      ['list.csv', '[{"a":1}]', /named as CSV but its content is JSON/],
      [
        'binary.csv',
        new Uint8Array([1, 0, 2, 0, 255]),
        /named as CSV but its content is binary data/,
      ],
      ['table.json', 'a,b\n1,2\n', /named as JSON but its content is CSV/],
      ['text.parquet', 'a,b\n1,2\n', /named as Parquet but its content is CSV/],
      ['footer.parquet', parquetLike, /Parquet file is damaged: its footer does not fit/],
      ['broken.json', '[{"a": 1}, {"a": ', /could not be read as json/],
      ['program.exe', 'MZ', /is not a CSV, Parquet or JSON file/],
      ['...', 'a\n1\n', /"\.\.\." is not a CSV, Parquet or JSON file/],
    ]);
  });

  it('keeps hostile file names inside staging and makes sane table names of them', async () => {
    const csv = 'a,b\n1,2\n';
    const cases: [string, string][] = [
      ['../../../../etc/escape.csv', 'escape'],
      ['..\\..\\windows\\win.csv', 'win'],
      ['nul\u0000byte.csv', 'nul_byte'],
      ['bell\u0007\u001b[31mred.csv', 'bell_31mred'],
      ['..csv', 'upload'],
      [`${'long'.repeat(500)}.csv`, 'long'.repeat(500).slice(0, 63)],
    ];
    for (const [name, table] of cases) {
      const answer = await upload(form(name, csv));
      expect({ name, status: answer.status, table: answer.json.table }).toEqual({
        name,
        status: 200,
        table,
      });
      expect(staged()).toEqual([]);
    }
    const dataDir = uploads.server.config.dataDir;
    expect(existsSync(join(dataDir, 'etc'))).toBe(false);
    expect(readdirSync(join(dataDir, 'staging'))).toEqual([String(uploads.server.accounts.acme)]);
    const quoted = await upload(form('bad\u0001name.exe', csv));
    expect(quoted.status).toBe(400);
    expect(quoted.json.message).toBe(
      'file: "bad?name.exe" is not a CSV, Parquet or JSON file (.csv, .parquet, .json, .jsonl).',
    );
  });

  it('answers malformed multipart bodies with 400 and leaves nothing', async () => {
    const before = Object.keys(await tables()).sort();
    const part = (field: string, name: string, content: string) =>
      `--XYZ\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
      `content-type: text/csv\r\n\r\n${content}\r\n`;
    const cases: [string, string, string, RegExp][] = [
      [
        'truncated inside the file',
        'multipart/form-data; boundary=XYZ',
        part('file', 'cut.csv', 'a,b\n1,2').slice(0, -10),
        /^file: the multipart body is malformed or incomplete\.$/,
      ],
      [
        'no closing boundary',
        'multipart/form-data; boundary=XYZ',
        `${part('file', 'cut.csv', 'a,b\n1,2\n'.repeat(1000))}`,
        /^file: the multipart body is malformed or incomplete\.$/,
      ],
      [
        'wrong boundary',
        'multipart/form-data; boundary=OTHER',
        `${part('file', 'a.csv', 'a\n1\n')}--XYZ--\r\n`,
        /^file: the multipart body is malformed or incomplete\.$/,
      ],
      [
        'missing boundary',
        'multipart/form-data',
        `${part('file', 'a.csv', 'a\n1\n')}--XYZ--\r\n`,
        /^file: the multipart body is malformed or incomplete\.$/,
      ],
      [
        'two files',
        'multipart/form-data; boundary=XYZ',
        `${part('file', 'a.csv', 'a\n1\n')}${part('file', 'b.csv', 'b\n2\n')}--XYZ--\r\n`,
        /one file per upload/,
      ],
      [
        'a field other than file',
        'multipart/form-data; boundary=XYZ',
        `${part('upload', 'a.csv', 'a\n1\n')}--XYZ--\r\n`,
        /Unknown file field "upload"/,
      ],
      ['no file', 'multipart/form-data; boundary=XYZ', '--XYZ--\r\n', /^file: is required\.$/],
    ];
    for (const [label, contentType, body, message] of cases) {
      const answer = await rawUpload(contentType, body);
      expect({ label, status: answer.status, message: answer.json.message }).toEqual({
        label,
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    expect(Object.keys(await tables()).sort()).toEqual(before);
    expect(staged()).toEqual([]);
  });

  it('keeps a table as it was when its replacement fails', async () => {
    const first = await upload(form('keep.csv', 'region,amount\nnorth,1\nsouth,2\n'));
    expect(first.json).toMatchObject({ table: 'keep', rowCount: 2 });
    const brokenParquet = Buffer.concat([
      Buffer.from('PAR1'),
      Buffer.alloc(64, 7),
      Buffer.from([32, 0, 0, 0]),
      Buffer.from('PAR1'),
    ]);
    const failures: [FormData, RegExp][] = [
      [form('keep.json', '[{"x": 1}, {"x": ', { replace: 'true' }), /could not be read as json/],
      [form('keep.json', nestedArrays(500), { replace: 'true' }), /nested deeper than 64/],
      [
        form('other.parquet', brokenParquet, { replace: 'true', table: 'keep' }),
        /could not be read as parquet/,
      ],
    ];
    for (const [body, message] of failures) {
      const answer = await upload(body);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toMatch(message);
      expect(answer.json.message).not.toContain(uploads.server.config.dataDir);
      const keep = (await tables()).keep;
      expect(keep.columns.map((c) => c.name)).toEqual(['region', 'amount']);
      expect((await sql('select count(*)::int as n from keep')).json.rows).toEqual([[2]]);
      expect(staged()).toEqual([]);
    }
  });

  it('still serves a normal upload and a query after the corpus', async () => {
    const answer = await upload(form('after.csv', 'region,amount\nnorth,10\nsouth,20\n'));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ table: 'after', rowCount: 2 });
    const sum = await sql('select sum(amount) as total from after');
    expect(sum.status).toBe(200);
    expect(sum.json.rows).toEqual([[30]]);
    expect(staged()).toEqual([]);
  });
});

describe('upload time limit', () => {
  let uploads: Uploads;
  const { upload, tables, staged, sql } = helpers(() => uploads);
  const rows = Array.from({ length: 400_000 }, (_, i) => `${i},name ${i},${i * 1.5},2024-01-02`);
  const big = `id,name,score,day\n${rows.join('\n')}\n`;
  /** Runs `work` with the upload time limit set to `timeoutMs` (tests may change settings). */
  async function withTimeLimit<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
    const app = uploads.server.app;
    const settings = app.analyticsSettings;
    app.analyticsSettings = { ...settings, uploadLimits: { ...settings.uploadLimits, timeoutMs } };
    try {
      return await work();
    } finally {
      app.analyticsSettings = settings;
    }
  }

  beforeAll(async () => {
    uploads = await startUploads({ UPLOAD_TIMEOUT_SECONDS: '0.05' });
  });
  afterAll(() => uploads?.server.close());

  it('interrupts a long read: a clear 400, no table, no staged file, and the server goes on', async () => {
    expect(uploads.server.app.analyticsSettings.uploadLimits.timeoutMs).toBe(50);
    const answer = await upload(form('big.csv', big));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      field: 'file',
      message: 'file: reading the file took longer than 0.05 s.',
    });
    expect(Object.keys(await tables())).not.toContain('big');
    expect(staged()).toEqual([]);
    const query = await sql('select 1 + 1 as two');
    expect(query.status).toBe(200);
    expect(query.json.rows).toEqual([[2]]);
  });

  it('leaves a replaced table as it was when the replacement runs out of time', async () => {
    const first = await withTimeLimit(60_000, () => upload(form('big.csv', 'id,name\n1,kept\n')));
    expect(first.json).toMatchObject({ table: 'big', rowCount: 1 });
    const answer = await upload(form('big.csv', big, { replace: 'true' }));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/took longer than 0.05 s/);
    expect((await tables()).big.columns.map((c) => c.name)).toEqual(['id', 'name']);
    expect((await sql('select name from big')).json.rows).toEqual([['kept']]);
    expect(staged()).toEqual([]);
    const again = await withTimeLimit(60_000, () =>
      upload(form('big.csv', big, { replace: 'true' })),
    );
    expect(again.json).toMatchObject({ table: 'big', rowCount: 400_000 });
  });
});

describe('staged files left by a crash', () => {
  it('are removed when the server starts', async () => {
    const first = await startServer();
    const dataDir = first.config.dataDir;
    try {
      await first.app.close();
      const orphans = join(dataDir, 'staging', '7');
      mkdirSync(join(orphans, 'folder'), { recursive: true });
      writeFileSync(join(orphans, 'upload-0123456789abcdef'), 'secret,rows\n1,2\n');
      writeFileSync(join(orphans, 'folder', 'nested.csv'), 'a\n1\n');
      const restarted = await buildApp(first.config, { logger: false, seedDemoWarehouse: false });
      await restarted.ready();
      expect(readdirSync(orphans)).toEqual([]);
      await restarted.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
