import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetField } from '../../../common/analytics';
import { seedDemoWarehouse } from '../../../server/seed/demoWarehouse';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// Datasets over HTTP on the real demo warehouse of acme: create from a table or SQL with
// detected fields, edit labels and synonyms, preview, row count, refresh, tenants and roles.

const ORDERS_CSV =
  'order_id,region,amount,placed,year\n1,north,10.5,2024-01-02,2024\n2,south,20,2024-02-03,2024\n3,north,7.5,2024-03-04,2024\n';

function form(name: string, content: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content]), name);
  return body;
}

const byName = (fields: DatasetField[], name: string) => fields.find((f) => f.name === name)!;

describe('datasets', () => {
  let server: AnalyticsServer;
  let admin: string;
  let editor: string;
  let viewer: string;
  let warehouseId: number;
  const acme = (token: string) => ({ token, site: 'acme' });
  const datasetsOf = async (token: string, site = 'acme'): Promise<Dataset[]> =>
    (await call(server, 'GET', '/api/v1/datasets?range=[0,99]', { token, site })).json;

  beforeAll(async () => {
    server = await startAnalyticsServer({ seedDemoWarehouse: true });
    admin = await server.sessionFor('acme', 'admin');
    editor = await server.sessionFor('acme', 'editor');
    viewer = await server.sessionFor('acme', 'viewer');
    const sources = await call(server, 'GET', '/api/v1/datasources', acme(admin));
    warehouseId = sources.json.find((s: { type: string }) => s.type === 'duckdb').id;
  });
  afterAll(() => server?.close());

  it('seeds the demo warehouse of acme with a dataset per table', async () => {
    const sources = await call(server, 'GET', '/api/v1/datasources', acme(admin));
    expect(sources.json.map((s: { name: string; type: string }) => [s.name, s.type])).toEqual([
      ['Demo warehouse', 'duckdb'],
    ]);
    const datasets = await datasetsOf(viewer);
    const names = datasets.map((d) => d.name);
    for (const name of [
      'Flights',
      'Cars',
      'Movies',
      'Seattle weather',
      'Stocks',
      'Airports',
      'Gapminder',
    ]) {
      expect(names).toContain(name);
    }
    expect(datasets.length).toBeGreaterThanOrEqual(10);
    const flights = datasets.find((d) => d.name === 'Flights')!;
    expect(flights).toMatchObject({ table: 'flights', sourceId: warehouseId, rowCount: 3_000_000 });
    expect(byName(flights.fields, 'origin')).toEqual({
      name: 'origin',
      label: 'Origin airport',
      type: 'string',
      role: 'dimension',
      synonyms: ['from', 'departure'],
    });
    expect(byName(flights.fields, 'destination').synonyms).toEqual(['to', 'arrival']);
    expect(byName(flights.fields, 'delay')).toMatchObject({
      label: 'Delay (minutes)',
      role: 'measure',
      type: 'number',
    });
    expect(byName(flights.fields, 'date')).toMatchObject({ role: 'time', type: 'date' });
    const cars = datasets.find((d) => d.name === 'Cars')!;
    expect(byName(cars.fields, 'Miles_per_Gallon')).toMatchObject({
      label: 'Miles per gallon',
      synonyms: ['mpg', 'fuel economy'],
    });
    expect(byName(cars.fields, 'Horsepower').synonyms).toEqual(['hp', 'power']);
    expect(byName(cars.fields, 'Origin').synonyms).toEqual(['country', 'region']);
    expect(byName(cars.fields, 'Year')).toMatchObject({ role: 'time', type: 'date' });
    const stocks = datasets.find((d) => d.name === 'Stocks')!;
    expect(byName(stocks.fields, 'date')).toMatchObject({ role: 'time', type: 'date' });
    const movies = datasets.find((d) => d.name === 'Movies')!;
    expect(byName(movies.fields, 'release_date')).toMatchObject({ role: 'time', type: 'date' });
    expect(byName(movies.fields, 'title').type).toBe('string');

    // Another account has none; a second seed is a no-op.
    expect(await datasetsOf(await server.sessionFor('globex', 'boss'), 'globex')).toEqual([]);
    expect(await seedDemoWarehouse(server.app, server.accounts.acme)).toBe(false);
    expect((await datasetsOf(viewer)).length).toBe(datasets.length);
  });

  it('previews the first rows and answers the stored row count', async () => {
    const flights = (await datasetsOf(viewer)).find((d) => d.name === 'Flights')!;
    const preview = await call(
      server,
      'GET',
      `/api/v1/datasets/${flights.id}/preview?limit=5`,
      acme(viewer),
    );
    expect(preview.status).toBe(200);
    expect(preview.json.columns.map((c: { name: string }) => c.name)).toEqual([
      'date',
      'delay',
      'distance',
      'origin',
      'destination',
    ]);
    expect(preview.json.rows).toHaveLength(5);
    expect(preview.json.rows[0][0]).toMatch(/^2001-/);
    expect(typeof preview.json.rows[0][1]).toBe('number');
    const defaultPreview = await call(
      server,
      'GET',
      `/api/v1/datasets/${flights.id}/preview`,
      acme(viewer),
    );
    expect(defaultPreview.json.rows).toHaveLength(50);
    const tooMany = await call(
      server,
      'GET',
      `/api/v1/datasets/${flights.id}/preview?limit=100000`,
      acme(viewer),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.field).toBe('limit');
    const count = await call(
      server,
      'GET',
      `/api/v1/datasets/${flights.id}/rowCount`,
      acme(viewer),
    );
    expect(count.json).toEqual({ rowCount: 3_000_000 });
  });

  it('creates a dataset from a table with fields detected', async () => {
    const uploaded = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(editor),
      body: form('orders.csv', ORDERS_CSV),
    });
    expect(uploaded.status).toBe(200);
    const created = await call(server, 'POST', '/api/v1/datasets', {
      ...acme(editor),
      body: { sourceId: warehouseId, name: 'Orders', description: 'Uploaded', table: 'orders' },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      name: 'Orders',
      table: 'orders',
      rowCount: 3,
      description: 'Uploaded',
    });
    expect(created.json.sql).toBeUndefined();
    expect(created.json.fields).toEqual([
      { name: 'order_id', label: 'Order ID', type: 'number', role: 'dimension', synonyms: [] },
      { name: 'region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
      { name: 'amount', label: 'Amount', type: 'number', role: 'measure', synonyms: [] },
      { name: 'placed', label: 'Placed', type: 'date', role: 'time', synonyms: [] },
      { name: 'year', label: 'Year', type: 'number', role: 'time', synonyms: [] },
    ]);
    const one = await call(server, 'GET', `/api/v1/datasets/${created.json.id}`, acme(viewer));
    expect(one.json).toEqual(created.json);
  });

  it('creates a dataset from SQL, with fields from the query and its row count', async () => {
    const created = await call(server, 'POST', '/api/v1/datasets', {
      ...acme(editor),
      body: {
        sourceId: warehouseId,
        name: 'Delays by origin',
        sql: 'SELECT origin, count(*) AS flights, avg(delay) AS mean_delay FROM flights GROUP BY origin;',
      },
    });
    expect(created.status).toBe(200);
    expect(created.json.fields.map((f: DatasetField) => [f.name, f.type, f.role])).toEqual([
      ['origin', 'string', 'dimension'],
      ['flights', 'number', 'measure'],
      ['mean_delay', 'number', 'measure'],
    ]);
    expect(created.json.rowCount).toBeGreaterThan(100);
    expect(created.json.table).toBeUndefined();
    const preview = await call(
      server,
      'GET',
      `/api/v1/datasets/${created.json.id}/preview?limit=3`,
      acme(editor),
    );
    expect(preview.json.rows).toHaveLength(3);
  });

  it('edits labels, synonyms, formats and roles through ra-data-simple-rest', async () => {
    const rest = simpleRestProvider(`${server.base}/api/v1`, (url, options = {}) => {
      const headers = new Headers(options.headers);
      headers.set('authorization', `Bearer ${editor}`);
      headers.set('site', 'acme');
      return fetchUtils.fetchJson(url, { ...options, headers });
    });
    const list = await rest.getList('datasets', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'orders' },
    });
    expect(list.data.map((d) => d.name)).toEqual(['Orders']);
    const orders = list.data[0] as unknown as Dataset & { id: number };
    const fields = orders.fields.map((field) =>
      field.name === 'amount'
        ? { ...field, label: 'Order value', synonyms: ['revenue', 'sales'], format: '$,.2f' }
        : field.name === 'year'
          ? { ...field, role: 'time' as const }
          : field,
    );
    const { data: updated } = await rest.update('datasets', {
      id: orders.id,
      data: { ...orders, fields },
      previousData: orders,
    });
    expect(byName(updated.fields, 'amount')).toEqual({
      name: 'amount',
      label: 'Order value',
      type: 'number',
      role: 'measure',
      synonyms: ['revenue', 'sales'],
      format: '$,.2f',
    });
    expect(byName(updated.fields, 'year').role).toBe('time');
    const bySource = await rest.getList('datasets', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { sourceId: warehouseId },
    });
    expect(bySource.data.map((d) => d.name)).toContain('Orders');
    expect(bySource.data.every((d) => d.sourceId === warehouseId)).toBe(true);
  });

  it('refreshes columns and row count, keeping edits', async () => {
    const orders = (await datasetsOf(editor)).find((d) => d.name === 'Orders')!;
    await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(editor),
      body: form(
        'orders.csv',
        ORDERS_CSV.replace('year\n', 'year,channel\n').replace(/2024\n/g, '2024,web\n') +
          '4,east,1,2024-04-05,2024,shop\n',
        {
          replace: 'true',
        },
      ),
    });
    const refreshed = await call(
      server,
      'POST',
      `/api/v1/datasets/${orders.id}/refresh`,
      acme(editor),
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.rowCount).toBe(4);
    expect(byName(refreshed.json.fields, 'amount').label).toBe('Order value');
    expect(byName(refreshed.json.fields, 'channel')).toMatchObject({
      type: 'string',
      role: 'dimension',
    });
  });

  it('answers 400 naming the field for bad datasets, 409 for a taken name, and writes nothing', async () => {
    const before = (await datasetsOf(editor)).length;
    const globexSource = await call(server, 'GET', '/api/v1/datasources', {
      token: await server.sessionFor('globex', 'boss'),
      site: 'globex',
    });
    const cases: [object, number, string, RegExp][] = [
      [
        { sourceId: warehouseId, name: 'Both', table: 'orders', sql: 'SELECT 1' },
        400,
        'table',
        /exactly one/,
      ],
      [{ sourceId: warehouseId, name: 'Neither' }, 400, 'table', /exactly one/],
      [
        { sourceId: warehouseId, name: 'Missing', table: 'no_such_table' },
        400,
        'table',
        /no_such_table/i,
      ],
      [
        { sourceId: warehouseId, name: 'Bad SQL', sql: 'SELEC origin FROM flights' },
        400,
        'sql',
        /syntax/i,
      ],
      [{ sourceId: warehouseId, name: 'Write', sql: 'DELETE FROM flights' }, 400, 'sql', /./],
      [
        { sourceId: globexSource.json[0].id, name: 'Foreign', table: 'orders' },
        400,
        'sourceId',
        /no data source/,
      ],
      [{ sourceId: warehouseId, name: 'Orders', table: 'orders' }, 409, 'name', /already exists/],
      [
        {
          sourceId: warehouseId,
          name: 'Odd',
          table: 'orders',
          fields: [{ name: 'nope', label: 'N', type: 'string', role: 'dimension' }],
        },
        400,
        'fields.0.name',
        /no column "nope"/,
      ],
      [
        {
          sourceId: warehouseId,
          name: 'Odd',
          table: 'orders',
          fields: [{ name: 'region', label: 'R', type: 'text', role: 'dimension' }],
        },
        400,
        'fields.0.type',
        /./,
      ],
      [
        { sourceId: warehouseId, name: 'Odd', table: 'orders', owner: 'me' },
        400,
        'owner',
        /Unknown field/,
      ],
      [{ sourceId: 'one', name: 'Odd', table: 'orders' }, 400, 'sourceId', /./],
    ];
    for (const [body, status, field, message] of cases) {
      const answer = await call(server, 'POST', '/api/v1/datasets', { ...acme(editor), body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.field, JSON.stringify(body)).toBe(field);
      expect(answer.json.message).toMatch(message);
    }
    expect((await datasetsOf(editor)).length).toBe(before);
  });

  it('keeps datasets to their account and lets viewers read but not write', async () => {
    const flights = (await datasetsOf(viewer)).find((d) => d.name === 'Flights')!;
    const globex = { token: await server.sessionFor('globex', 'boss'), site: 'globex' };
    for (const [method, path] of [
      ['GET', `/api/v1/datasets/${flights.id}`],
      ['PUT', `/api/v1/datasets/${flights.id}`],
      ['DELETE', `/api/v1/datasets/${flights.id}`],
      ['GET', `/api/v1/datasets/${flights.id}/preview`],
      ['GET', `/api/v1/datasets/${flights.id}/rowCount`],
      ['POST', `/api/v1/datasets/${flights.id}/refresh`],
    ]) {
      const body = method === 'PUT' ? { sourceId: 1, name: 'x', table: 'flights' } : undefined;
      expect(
        (await call(server, method, path, { ...globex, body })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    const body = { sourceId: warehouseId, name: 'Viewer made', table: 'flights' };
    expect((await call(server, 'POST', '/api/v1/datasets', { ...acme(viewer), body })).status).toBe(
      403,
    );
    expect(
      (await call(server, 'DELETE', `/api/v1/datasets/${flights.id}`, acme(viewer))).status,
    ).toBe(403);
    expect((await call(server, 'GET', '/api/v1/datasets', { site: 'acme' })).status).toBe(401);
    const root = await server.sessionFor('www', 'root');
    expect(
      (await call(server, 'GET', '/api/v1/datasets', { token: root, site: 'www' })).status,
    ).toBe(403);
  });

  it('deletes datasets, and a source only once no dataset uses it', async () => {
    const blocked = await call(server, 'DELETE', `/api/v1/datasources/${warehouseId}`, acme(admin));
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toMatch(/used by datasets/);
    const orders = (await datasetsOf(editor)).find((d) => d.name === 'Orders')!;
    const removed = await call(server, 'DELETE', `/api/v1/datasets/${orders.id}`, acme(editor));
    expect(removed.json).toMatchObject({ id: orders.id, name: 'Orders' });
    expect((await call(server, 'GET', `/api/v1/datasets/${orders.id}`, acme(editor))).status).toBe(
      404,
    );
  });
});
