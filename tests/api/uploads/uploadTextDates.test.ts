import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../../common/analytics';
import type { AskAnswer } from '../../../common/nl';
import {
  call,
  startAnalyticsServer,
  warehouseIdOf,
  type AnalyticsServer,
} from '../datasourcesHarness';

// Dates stored as text ("Jun 12 1998", "Jan 1 2000") in uploaded files become dates at upload,
// so a dataset made of the table has its time field and lines over time run.

const VEGA_DATA = join(process.cwd(), 'node_modules', 'vega-datasets', 'data');

function form(name: string, content: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([content]), name);
  return body;
}

describe('dates stored as text at upload', () => {
  let server: AnalyticsServer;
  let editor: string;
  let warehouseId: number;
  const acme = () => ({ token: editor, site: 'acme' });

  type Upload = {
    table: string;
    columns: { name: string; type: string }[];
    datesFromText?: { name: string; format: string }[];
  };

  async function upload(name: string, content: string): Promise<Upload> {
    const uploaded = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(),
      body: form(name, content),
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    return uploaded.json as Upload;
  }

  async function datasetOf(table: string): Promise<Dataset> {
    const created = await call(server, 'POST', '/api/v1/datasets', {
      ...acme(),
      body: { sourceId: warehouseId, name: table, table },
    });
    expect(created.status).toBe(200);
    return created.json as Dataset;
  }

  const typeOf = (result: Upload, column: string) =>
    result.columns.find((entry) => entry.name === column)?.type;

  /** Asks the question, expects a line over `date`, runs its query and answers the rows. */
  async function lineOverTime(dataset: Dataset, question: string, date: string) {
    const asked = await call(server, 'POST', '/api/v1/aicharts/ask', {
      ...acme(),
      body: { datasetId: dataset.id, question },
    });
    expect(asked.status).toBe(200);
    const { spec } = asked.json as AskAnswer;
    expect(spec.type, question).toBe('line');
    expect(spec.query.dimensions[0], question).toMatchObject({ field: date });
    const ran = await call(server, 'POST', '/api/v1/query', {
      ...acme(),
      body: { query: spec.query },
    });
    expect(ran.status, JSON.stringify(ran.json)).toBe(200);
    return { spec, rows: (ran.json as { rows: unknown[][] }).rows };
  }

  beforeAll(async () => {
    server = await startAnalyticsServer();
    editor = await server.sessionFor('acme', 'editor');
    warehouseId = await warehouseIdOf(server, acme());
  });
  afterAll(() => server?.close());

  it('movies.json: "Release Date" (Jun 12 1998) is a date and the time field', async () => {
    const movies = await upload(
      'movies.json',
      readFileSync(join(VEGA_DATA, 'movies.json'), 'utf8'),
    );
    expect(typeOf(movies, 'Release Date')).toBe('DATE');
    expect(movies.datesFromText).toEqual([{ name: 'Release Date', format: '%b %d %Y' }]);
    const dataset = await datasetOf(movies.table);
    const time = dataset.fields.filter((field) => field.role === 'time');
    expect(time.map((field) => [field.name, field.type])).toEqual([['Release Date', 'date']]);
    const { rows } = await lineOverTime(dataset, 'worldwide gross over time', 'Release Date');
    expect(rows.length).toBeGreaterThan(5);
  });

  it('stocks.csv: date (Jan 1 2000) is a date; price over time by symbol is a line per symbol', async () => {
    const stocks = await upload('stocks.csv', readFileSync(join(VEGA_DATA, 'stocks.csv'), 'utf8'));
    expect(typeOf(stocks, 'date')).toBe('DATE');
    const dataset = await datasetOf(stocks.table);
    expect(dataset.fields.find((field) => field.name === 'date')).toMatchObject({
      type: 'date',
      role: 'time',
    });
    const { spec, rows } = await lineOverTime(dataset, 'price over time by symbol', 'date');
    expect(spec.query.dimensions.map((dimension) => dimension.field)).toContain('symbol');
    expect(rows.length).toBeGreaterThan(10);
  });

  it('timestamps and day-first dates; text with too many unreadable values stays text', async () => {
    const lines = ['at,day,note'];
    for (let day = 1; day <= 28; day++) {
      const dd = String(day).padStart(2, '0');
      lines.push(`2020-12-${dd} 10:30,${dd}.01.2021,${day % 5 ? 'Jan 1 2000' : 'later'}`);
    }
    const uploaded = await upload('log.csv', lines.join('\n'));
    expect(typeOf(uploaded, 'at')).toBe('TIMESTAMP');
    expect(typeOf(uploaded, 'day')).toBe('DATE');
    expect(typeOf(uploaded, 'note')).toBe('VARCHAR');
  });

  it("honours the user's choice: back to text, and again to a date from its text", async () => {
    const csv = ['name,released', ...['Jun 12 1998', 'Aug 07 1998'].map((d, i) => `m${i},${d}`)];
    const uploaded = await upload('films.csv', csv.join('\n'));
    expect(typeOf(uploaded, 'released')).toBe('DATE');
    const types = (type: string) =>
      call(server, 'PUT', `/api/v1/datasources/${warehouseId}/tables/${uploaded.table}/types`, {
        ...acme(),
        body: { columns: [{ name: 'released', type }] },
      });
    const asText = await types('VARCHAR');
    expect(asText.status).toBe(200);
    expect(typeOf(asText.json as Upload, 'released')).toBe('VARCHAR');
    const asDate = await types('DATE');
    expect(asDate.status, JSON.stringify(asDate.json)).toBe(200);
    expect(typeOf(asDate.json as Upload, 'released')).toBe('DATE');
  });

  it('a text column with too many unreadable dates chosen as DATE is refused with a 400', async () => {
    const csv = ['name,released', 'a,Jun 12 1998', 'b,sometime', 'c,Aug 07 1998'];
    const uploaded = await upload('maybe.csv', csv.join('\n'));
    expect(typeOf(uploaded, 'released')).toBe('VARCHAR');
    const asDate = await call(
      server,
      'PUT',
      `/api/v1/datasources/${warehouseId}/tables/${uploaded.table}/types`,
      { ...acme(), body: { columns: [{ name: 'released', type: 'DATE' }] } },
    );
    expect(asDate.status).toBe(400);
    expect(JSON.stringify(asDate.json)).toMatch(/column types could not be changed/);
  });
});
