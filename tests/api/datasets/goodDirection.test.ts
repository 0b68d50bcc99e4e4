import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetField, QueryResult } from '../../../common/analytics';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// A measure may say which way of its change is good news (goodDirection on its dataset
// field): the demo flights' delay says down; semantic query answers carry it on the measure
// columns that keep the field's sense; any other value is refused naming the field.

const fieldNamed = (dataset: Dataset, name: string): DatasetField =>
  dataset.fields.find((field) => field.name === name)!;

describe('good direction of a measure', () => {
  let server: AnalyticsServer;
  let editor: string;
  let flights: Dataset;
  const asEditor = () => ({ token: editor, site: 'acme' });

  const readFlights = async (): Promise<Dataset> => {
    const answer = await call(server, 'GET', `/api/v1/datasets/${flights.id}`, asEditor());
    return answer.json;
  };

  beforeAll(async () => {
    server = await startAnalyticsServer({ seedDemoWarehouse: true });
    editor = await server.sessionFor('acme', 'editor');
    const listed = await call(server, 'GET', '/api/v1/datasets?range=[0,99]', asEditor());
    flights = (listed.json as Dataset[]).find((dataset) => dataset.name === 'Flights')!;
  });
  afterAll(() => server?.close());

  it('says a delay is good when it goes down in the demo flights', () => {
    expect(fieldNamed(flights, 'delay').goodDirection).toBe('down');
    expect(fieldNamed(flights, 'distance').goodDirection).toBeUndefined();
  });

  it('carries the direction on measure columns that keep the field sense, not on counts', async () => {
    const answer = await call(server, 'POST', '/api/v1/query', {
      ...asEditor(),
      body: {
        query: {
          datasetId: flights.id,
          dimensions: [{ field: 'origin' }],
          measures: [
            { field: 'delay', agg: 'avg' },
            { field: 'delay', agg: 'max' },
            { field: 'delay', agg: 'count' },
            { field: 'distance', agg: 'sum' },
          ],
          filters: [{ field: 'origin', op: '=', value: 'ORD' }],
          sort: [],
        },
      },
    });
    expect(answer.status).toBe(200);
    const columns = (answer.json as QueryResult).columns;
    expect(columns).toEqual([
      { name: 'origin', type: 'string' },
      { name: 'avg_delay', type: 'number', goodDirection: 'down' },
      { name: 'max_delay', type: 'number', goodDirection: 'down' },
      { name: 'count_delay', type: 'number' },
      { name: 'sum_distance', type: 'number' },
    ]);
  });

  it('answers 400 naming the field for a direction other than up or down', async () => {
    const before = await readFlights();
    for (const wrong of ['sideways', '', null, 1]) {
      const fields = before.fields.map((field) =>
        field.name === 'distance' ? { ...field, goodDirection: wrong } : field,
      );
      const index = fields.findIndex((field) => field.name === 'distance');
      const answer = await call(server, 'PUT', `/api/v1/datasets/${flights.id}`, {
        ...asEditor(),
        body: { ...before, fields },
      });
      expect(answer.status, String(wrong)).toBe(400);
      expect(answer.json.field).toBe(`fields.${index}.goodDirection`);
      expect(answer.json.message).toMatch(/goodDirection: must be one of up, down/);
    }
    expect(await readFlights()).toEqual(before);
  });

  it('stores up or down set by an editor and reads it back', async () => {
    const before = await readFlights();
    const fields = before.fields.map((field) =>
      field.name === 'distance' ? { ...field, goodDirection: 'up' } : field,
    );
    const answer = await call(server, 'PUT', `/api/v1/datasets/${flights.id}`, {
      ...asEditor(),
      body: { ...before, fields },
    });
    expect(answer.status).toBe(200);
    const after = await readFlights();
    expect(fieldNamed(after, 'distance').goodDirection).toBe('up');
    expect(fieldNamed(after, 'delay').goodDirection).toBe('down');
  });
});
