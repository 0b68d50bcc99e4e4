import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICKHOUSE_SETUP_MS } from '../clickhouseDatabases';
import { clickhouseWarehouseRun, type ClickhouseWarehouseRun } from '../clickhouseWarehouses';
import {
  call,
  startAnalyticsServer,
  warehouseIdOf,
  type AnalyticsServer,
} from '../datasourcesHarness';

// European files: a BOM, `;` between columns, day-first dates and decimal commas
// ("1.207,84", "209,30") come in as numbers, detected or as the upload names the separators,
// on the DuckDB warehouse and on ClickHouse alike.

const EUROPEAN =
  '\uFEFFOrder ID;Order Date;Amount;Quantity;Discount\n' +
  '1;30/12/2017;1.207,84;1.500;0,5\n' +
  '2;31/12/2017;209,30;3;0,25\n' +
  '3;01/01/2018;12,00;12;0\n';

/** Swiss writing: `,` between columns, apostrophes between thousands, decimal points. */
const SWISS = 'id,amount\n1,"12\'500.75"\n2,"1\'000.25"\n3,99.5\n';

function form(name: string, content: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content]), name);
  return body;
}

type Upload = { table: string; columns: { name: string; type: string }[] };

const engines: [string, () => ClickhouseWarehouseRun | null][] = [
  ['DuckDB', () => null],
  ['ClickHouse', () => clickhouseWarehouseRun()],
];

describe.each(engines)('numbers with decimal commas, on the %s warehouse', (_engine, runOf) => {
  let run: ClickhouseWarehouseRun | null;
  let server: AnalyticsServer;
  let editor: string;
  let warehouseId: number;
  const acme = () => ({ token: editor, site: 'acme' });

  const upload = (name: string, content: string, fields?: Record<string, string>) =>
    call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(),
      body: form(name, content, fields),
    });

  async function uploaded(name: string, content: string, fields?: Record<string, string>) {
    const answer = await upload(name, content, fields);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json as Upload;
  }

  async function rowsOf(sql: string): Promise<unknown[][]> {
    const answer = await call(server, 'POST', '/api/v1/sql', {
      ...acme(),
      body: { sourceId: warehouseId, sql },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return (answer.json as { rows: unknown[][] }).rows;
  }

  const typesOf = (result: Upload) =>
    Object.fromEntries(result.columns.map((column) => [column.name, column.type]));

  beforeAll(async () => {
    run = runOf();
    server = await startAnalyticsServer(run ? { env: run.env } : {});
    editor = await server.sessionFor('acme', 'editor');
    warehouseId = await warehouseIdOf(server, acme());
  }, CLICKHOUSE_SETUP_MS);
  afterAll(async () => {
    await server?.close();
    await run?.cleanup();
  });

  it('detects them in a ;-separated file with a BOM: numbers, exact sums', async () => {
    const result = await uploaded('european.csv', EUROPEAN);
    const types = typesOf(result);
    expect(types['Amount']).toMatch(/^(DOUBLE|Nullable\(Float64\))$/);
    expect(types['Discount']).toMatch(/^(DOUBLE|Nullable\(Float64\))$/);
    expect(types['Quantity']).toMatch(/^(BIGINT|Nullable\(Int64\))$/);
    expect(types['Order Date']).toMatch(/DATE|Date/);
    const [[amount, quantity, discount]] = await rowsOf(
      'select round(sum("Amount"), 2), sum("Quantity"), sum("Discount") from european',
    );
    expect(Number(amount)).toBe(1429.14);
    expect(Number(quantity)).toBe(1515);
    expect(Number(discount)).toBe(0.75);
  });

  it('reads them as the upload names the separators', async () => {
    const result = await uploaded('swiss.csv', SWISS, {
      decimalSeparator: 'dot',
      thousandsSeparator: 'apostrophe',
    });
    expect(typesOf(result)['amount']).toMatch(/^(DOUBLE|Nullable\(Float64\))$/);
    const [[sum]] = await rowsOf('select round(sum(amount), 2) from swiss');
    expect(Number(sum)).toBe(13600.5);
  });

  it('"1.500" in a file said to write decimal points is 1.5, not 1500', async () => {
    const result = await uploaded('points.csv', EUROPEAN, {
      decimalSeparator: 'dot',
      table: 'points',
    });
    expect(typesOf(result)['Amount']).toMatch(/VARCHAR|String/);
    const [[quantity]] = await rowsOf('select sum("Quantity") from points');
    expect(Number(quantity)).toBe(16.5);
  });

  it('refuses the same separator twice, naming the field', async () => {
    const answer = await upload('same.csv', SWISS, {
      decimalSeparator: 'comma',
      thousandsSeparator: 'comma',
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      message: expect.stringContaining('thousandsSeparator: must differ'),
    });
    const unknown = await upload('odd.csv', SWISS, { decimalSeparator: 'semicolon' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('decimalSeparator');
  });
});

describe.each(engines)(
  'a text column changed to a number, on the %s warehouse',
  (_engine, runOf) => {
    let run: ClickhouseWarehouseRun | null;
    let server: AnalyticsServer;
    let editor: string;
    let warehouseId: number;
    const acme = () => ({ token: editor, site: 'acme' });
    const retype = (table: string, name: string, type: string) =>
      call(server, 'PUT', `/api/v1/datasources/${warehouseId}/tables/${table}/types`, {
        ...acme(),
        body: { columns: [{ name, type }] },
      });

    beforeAll(async () => {
      run = runOf();
      server = await startAnalyticsServer(run ? { env: run.env } : {});
      editor = await server.sessionFor('acme', 'editor');
      warehouseId = await warehouseIdOf(server, acme());
    }, CLICKHOUSE_SETUP_MS);
    afterAll(async () => {
      await server?.close();
      await run?.cleanup();
    });

    async function uploadAsText(name: string, csv: string) {
      const answer = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
        ...acme(),
        body: form(name, csv),
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const table = (answer.json as Upload).table;
      expect((await retype(table, 'price', 'VARCHAR')).status).toBe(200);
      return table;
    }

    it('reads decimal commas when the values are written so', async () => {
      const table = await uploadAsText('prices.csv', 'item;price\na;209,30\nb;1.207,84\n');
      const changed = await retype(table, 'price', 'DOUBLE');
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      const rows = await call(server, 'POST', '/api/v1/sql', {
        ...acme(),
        body: { sourceId: warehouseId, sql: `select round(sum(price), 2) from ${table}` },
      });
      expect(Number((rows.json as { rows: unknown[][] }).rows[0][0])).toBe(1417.14);
    });

    it('says which column could not be read as a number, without its values', async () => {
      const table = await uploadAsText(
        'mixed.csv',
        'item;price\n' +
          Array.from({ length: 10 }, (_, i) => `i${i};${i},5`).join('\n') +
          '\nx;n/a\n',
      );
      const changed = await retype(table, 'price', 'DOUBLE');
      expect(changed.status).toBe(400);
      expect((changed.json as { message: string }).message).toBe(
        'The column types could not be changed: some values of "price" cannot be read as DOUBLE.',
      );
    });
  },
);
