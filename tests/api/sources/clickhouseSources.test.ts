import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../common/analytics';
import {
  CLICKHOUSE_SETUP_MS,
  clickhouseExec,
  createClickhouseDatabase,
  type ClickhouseDatabase,
} from '../clickhouseDatabases';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// A ClickHouse source over HTTP as a tenant's admin and editor make one: saved with its
// password encrypted, tested, its schema browsed, a dataset over its flights and chart
// queries compiled to ClickHouse's dialect answering the right numbers (grains, bins, median,
// distinct counts, relative dates), against the real server (Debian's 18.16).

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day `days` before today, at noon UTC, as ClickHouse reads a DateTime. */
function daysAgo(days: number): string {
  const noon = new Date(Date.now() - days * DAY_MS);
  noon.setUTCHours(12, 0, 0, 0);
  return noon.toISOString().slice(0, 19).replace('T', ' ');
}

// date, delay, distance, origin, carrier
const FLIGHTS_2024: Array<[string, number, number | null, string, string | null]> = [
  ['2024-01-03 08:00:00', 10, 100, 'SEA', 'AA'], // a Wednesday: its week starts 2024-01-01
  ['2024-01-20 12:30:00', 20, 200, 'SEA', 'UA'],
  ['2024-02-05 09:15:00', -5, null, 'LAX', 'AA'],
  ['2024-02-29 23:59:59', 40, 400, 'SFO', null],
  ['2024-04-01 00:00:00', 0, 150, 'LAX', 'DL'],
  ['2024-04-10 06:00:00', 15, 250, 'SEA', 'AA'],
];
const RECENT_DAYS = [1, 3, 10, 45];

const IN_2024 = { field: 'date', op: 'between' as const, value: ['2024-01-01', '2024-12-31'] };

let server: AnalyticsServer;
let database: ClickhouseDatabase;
let admin: string;
let editor: string;
const as = (token: string) => ({ token, site: 'acme' });

beforeAll(async () => {
  database = await createClickhouseDatabase('brandboard_api');
  const literal = (value: string | number | null) =>
    value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value}'`;
  const rows = [
    ...FLIGHTS_2024,
    ...RECENT_DAYS.map((days) => [daysAgo(days), 5, 300, 'PDX', 'AS'] as const),
  ].map((row) => `(${row.map(literal).join(', ')})`);
  await clickhouseExec(database.admin, [
    `create table flights (date DateTime, delay Int32, distance Nullable(Float64),
       origin String, carrier Nullable(String)) engine = MergeTree order by date`,
    `insert into flights values ${rows.join(', ')}`,
  ]);
  server = await startAnalyticsServer({ allowedHosts: ['127.0.0.1'] });
  admin = await server.sessionFor('acme', 'admin');
  editor = await server.sessionFor('acme', 'editor');
}, CLICKHOUSE_SETUP_MS);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function createSource(name: string, config: object) {
  return call(server, 'POST', '/api/v1/datasources', {
    ...as(admin),
    body: { name, type: 'clickhouse', config },
  });
}

describe('ClickHouse data sources over HTTP', () => {
  let sourceId: number;
  let datasetId: number;

  it('saves a source with its password write-only, tests it and browses its schema', async () => {
    const created = await createSource('Flights CH', database.reader);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      type: 'clickhouse',
      config: { host: '127.0.0.1', port: database.reader.port, hasPassword: true, ssl: false },
    });
    expect(JSON.stringify(created.json)).not.toContain(database.reader.password);
    sourceId = created.json.id;

    const test = await call(server, 'POST', `/api/v1/datasources/${sourceId}/test`, as(admin));
    expect(test.json).toMatchObject({ ok: true, message: expect.stringMatching(/ClickHouse 18/) });
    const schema = await call(server, 'GET', `/api/v1/datasources/${sourceId}/schema`, as(admin));
    expect(schema.status).toBe(200);
    expect(schema.json.tables).toEqual([
      {
        name: 'flights',
        rowCount: FLIGHTS_2024.length + RECENT_DAYS.length,
        columns: [
          { name: 'date', type: 'DateTime' },
          { name: 'delay', type: 'Int32' },
          { name: 'distance', type: 'Nullable(Float64)' },
          { name: 'origin', type: 'String' },
          { name: 'carrier', type: 'Nullable(String)' },
        ],
      },
    ]);
  });

  it('fills the default port of the HTTP interface: 8123, or 8443 with TLS', async () => {
    const withoutPort = { ...database.reader, port: undefined }; // undefined is not sent
    const plain = await createSource('Default port', withoutPort);
    const tls = await createSource('Default TLS port', { ...withoutPort, ssl: true });
    expect([plain.json.config.port, tls.json.config.port]).toEqual([8123, 8443]);
  });

  it('refuses a source user whose readonly=2 lets it call table functions', async () => {
    const answer = await createSource('Settings user', database.settingsUser);
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^config\.user: User "brandboard_settings" may do more/);
  });

  it('refuses a private host the operator did not allow, naming the field', async () => {
    const answer = await createSource('Private', { ...database.reader, host: '10.255.255.1' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^config\.host: .*DATASOURCE_ALLOWED_HOSTS/);
  });

  it('makes a dataset of a table with its fields detected from ClickHouse types', async () => {
    const answer = await call(server, 'POST', '/api/v1/datasets', {
      ...as(editor),
      body: { sourceId, name: 'Flights', table: 'flights' },
    });
    expect(answer.status).toBe(200);
    datasetId = answer.json.id;
    const types = Object.fromEntries(
      (answer.json.fields as { name: string; type: string }[]).map((f) => [f.name, f.type]),
    );
    expect(types).toEqual({
      date: 'date',
      delay: 'number',
      distance: 'number',
      origin: 'string',
      carrier: 'string',
    });
  });

  async function ask(parts: Omit<Partial<SemanticQuery>, 'datasetId'>) {
    const query = { dimensions: [], measures: [], filters: [], sort: [], ...parts, datasetId };
    const answer = await call(server, 'POST', '/api/v1/query', { ...as(editor), body: { query } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json as { rows: unknown[][]; sql: string };
  }

  it('groups by month, quarter and week with ClickHouse functions', async () => {
    const count = { field: '*', agg: 'count' as const };
    const month = await ask({
      dimensions: [{ field: 'date', grain: 'month' }],
      measures: [count],
      filters: [IN_2024],
    });
    expect(month.sql).toContain('toStartOfMonth(`date`)');
    expect(month.rows).toEqual([
      ['2024-01-01', 2],
      ['2024-02-01', 2],
      ['2024-04-01', 2],
    ]);
    const quarter = await ask({
      dimensions: [{ field: 'date', grain: 'quarter' }],
      measures: [count],
      filters: [IN_2024],
    });
    expect(quarter.rows).toEqual([
      ['2024-01-01', 4],
      ['2024-04-01', 2],
    ]);
    const week = await ask({
      dimensions: [{ field: 'date', grain: 'week' }],
      measures: [count],
      filters: [IN_2024],
      limit: 1,
    });
    expect(week.rows).toEqual([['2024-01-01', 1]]);
  });

  it('bins numbers and computes the median and exact distinct counts', async () => {
    const bins = await ask({
      dimensions: [{ field: 'distance', bin: 200 }],
      measures: [{ field: '*', agg: 'count' }],
      filters: [IN_2024],
    });
    expect(bins.rows).toEqual([
      [0, 2],
      [200, 2],
      [400, 1],
      [null, 1],
    ]);
    const median = await ask({
      dimensions: [{ field: 'origin' }],
      measures: [{ field: 'delay', agg: 'median' }],
      filters: [IN_2024],
    });
    expect(median.sql).toContain('median(`delay`)');
    expect(median.rows).toEqual([
      ['LAX', -2.5],
      ['SEA', 15],
      ['SFO', 40],
    ]);
    const distinct = await ask({
      measures: [
        { field: 'carrier', agg: 'count_distinct' },
        { field: 'delay', agg: 'avg' },
      ],
      filters: [IN_2024],
    });
    expect(distinct.sql).toContain('uniqExact(`carrier`)');
    expect(distinct.rows).toEqual([[3, 80 / 6]]);
  });

  it('filters on relative dates from today (the last 30 days end at the start of today)', async () => {
    const last30 = await ask({
      measures: [{ field: '*', agg: 'count' }],
      filters: [{ field: 'date', op: 'relative', value: { kind: 'last', count: 30, unit: 'day' } }],
    });
    expect(last30.rows).toEqual([[RECENT_DAYS.filter((days) => days <= 30).length]]);
  });

  it('filters text case-insensitively with LIKE wildcards taken literally', async () => {
    const answer = await ask({
      measures: [{ field: '*', agg: 'count' }],
      filters: [
        IN_2024,
        { field: 'origin', op: 'contains', value: 'e' },
        { field: 'carrier', op: 'in', value: ['AA', 'UA'] },
      ],
    });
    expect(answer.rows).toEqual([[3]]);
  });

  it('runs explorer SQL and answers a write with a 400 naming what is refused', async () => {
    const sql = (text: string) =>
      call(server, 'POST', '/api/v1/sql', { ...as(editor), body: { sourceId, sql: text } });
    const counted = await sql(
      'select origin, count() as n from flights group by origin order by n desc, origin limit 2',
    );
    expect(counted.status).toBe(200);
    expect(counted.json.rows).toEqual([
      ['PDX', 4],
      ['SEA', 3],
    ]);
    const refused = await sql('drop table flights');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/"DROP" is not allowed/);
  });
});
