import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetField } from '../../../common/analytics';
import type { AskAnswer } from '../../../common/nl';
import {
  call,
  startAnalyticsServer,
  warehouseIdOf,
  type AnalyticsServer,
} from '../datasourcesHarness';

// Public tables of vega-datasets uploaded through the upload API as a user uploads them, made
// into datasets without fields (so the server infers them from the data), then asked about.

const VEGA_DATA = join(process.cwd(), 'node_modules', 'vega-datasets', 'data');

function form(file: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([readFileSync(join(VEGA_DATA, file))]), file);
  return body;
}

describe('roles inferred at upload', () => {
  let server: AnalyticsServer;
  let editor: string;
  let warehouseId: number;
  const acme = (token = editor) => ({ token, site: 'acme' });

  /** Uploads a file, makes a dataset of its table and answers the dataset. */
  async function uploadDataset(file: string): Promise<Dataset> {
    const uploaded = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(),
      body: form(file),
    });
    expect(uploaded.status).toBe(200);
    const { table } = uploaded.json as { table: string };
    const created = await call(server, 'POST', '/api/v1/datasets', {
      ...acme(),
      body: { sourceId: warehouseId, name: table, table },
    });
    expect(created.status).toBe(200);
    return created.json as Dataset;
  }

  const rolesOf = (dataset: Dataset) =>
    Object.fromEntries(dataset.fields.map((field) => [field.name, field.role]));

  const ask = async (datasetId: number, question: string): Promise<AskAnswer> => {
    const answer = await call(server, 'POST', '/api/v1/aicharts/ask', {
      ...acme(),
      body: { datasetId, question },
    });
    expect(answer.status).toBe(200);
    return answer.json as AskAnswer;
  };

  const run = async (spec: AskAnswer['spec']) => {
    const answer = await call(server, 'POST', '/api/v1/query', {
      ...acme(),
      body: { query: spec.query },
    });
    expect(answer.status).toBe(200);
    return answer.json as { rows: unknown[][] };
  };

  beforeAll(async () => {
    server = await startAnalyticsServer();
    editor = await server.sessionFor('acme', 'editor');
    warehouseId = await warehouseIdOf(server, acme());
  });
  afterAll(() => server?.close());

  it('cars: Cylinders a dimension, Year time, amounts measures', async () => {
    const cars = await uploadDataset('cars.json');
    expect(rolesOf(cars)).toMatchObject({
      Name: 'dimension',
      Cylinders: 'dimension',
      Year: 'time',
      Horsepower: 'measure',
      Miles_per_Gallon: 'measure',
      Weight_in_lbs: 'measure',
    });
    const answer = await ask(cars.id, 'horsepower over the years');
    expect(answer.spec.type).toBe('line');
    expect(answer.spec.query.dimensions[0]).toMatchObject({ field: 'Year' });
  });

  it('gapminder: a whole-number year is time, and a line over it runs', async () => {
    const gapminder = await uploadDataset('gapminder.json');
    const year = gapminder.fields.find((field) => field.name === 'year');
    expect(year).toMatchObject({ type: 'number', role: 'time' });
    expect(rolesOf(gapminder)).toMatchObject({
      country: 'dimension',
      cluster: 'dimension',
      pop: 'measure',
      life_expect: 'measure',
      fertility: 'measure',
    });
    for (const question of [
      'life expectancy over the years',
      'average fertility by year',
      'trend of population',
      'total pop per year by cluster',
    ]) {
      const answer = await ask(gapminder.id, question);
      expect(answer.spec.type, question).toBe('line');
      expect(answer.spec.query.dimensions[0], question).toEqual({ field: 'year' });
      const { rows } = await run(answer.spec);
      const years = rows.map((row) => row[0] as number);
      expect(years[0], question).toBe(1955);
      expect(years, question).toEqual([...years].sort((a, b) => a - b));
    }
  });

  it('a whole-number year groups by year and filters by a date range', async () => {
    const barley = await uploadDataset('barley.json');
    expect(rolesOf(barley)).toMatchObject({
      year: 'time',
      variety: 'dimension',
      site: 'dimension',
      yield: 'measure',
    });
    const query = {
      datasetId: barley.id,
      dimensions: [{ field: 'year', grain: 'year' }],
      measures: [{ field: 'yield', agg: 'sum' }],
      filters: [],
      sort: [],
    };
    const byYear = await call(server, 'POST', '/api/v1/query', { ...acme(), body: { query } });
    expect(byYear.status).toBe(200);
    expect((byYear.json as { rows: unknown[][] }).rows.map((row) => row[0])).toEqual([1931, 1932]);
    const dateRange = {
      ...query,
      filters: [{ field: 'year', op: 'between', value: ['1932-01-01', '1932-12-31'] }],
    };
    const in1932 = await call(server, 'POST', '/api/v1/query', {
      ...acme(),
      body: { query: dateRange },
    });
    expect(in1932.status).toBe(200);
    expect((in1932.json as { rows: unknown[][] }).rows.map((row) => row[0])).toEqual([1932]);
    const byMonth = await call(server, 'POST', '/api/v1/query', {
      ...acme(),
      body: { query: { ...query, dimensions: [{ field: 'year', grain: 'month' }] } },
    });
    expect(byMonth.status).toBe(400);
    expect(JSON.stringify(byMonth.json)).toMatch(/holds years/);
  });

  it('unemployment: a county id is a dimension, never summed', async () => {
    const unemployment = await uploadDataset('unemployment.tsv');
    expect(rolesOf(unemployment)).toEqual({ id: 'dimension', rate: 'measure' });
  });

  it('population: year is time, sex (1 or 2) a dimension, people a measure', async () => {
    const population = await uploadDataset('population.json');
    expect(rolesOf(population)).toMatchObject({
      year: 'time',
      sex: 'dimension',
      people: 'measure',
    });
  });

  it("keeps the user's corrected roles through a re-upload and a refresh", async () => {
    const disasters = await uploadDataset('disasters.csv');
    expect(rolesOf(disasters)).toEqual({ Entity: 'dimension', Year: 'time', Deaths: 'measure' });
    const corrected: DatasetField[] = disasters.fields.map((field) =>
      field.name === 'Year' ? { ...field, role: 'dimension', label: 'Calendar year' } : field,
    );
    const saved = await call(server, 'PUT', `/api/v1/datasets/${disasters.id}`, {
      ...acme(),
      body: { ...disasters, fields: corrected },
    });
    expect(saved.status).toBe(200);
    const reuploaded = await call(
      server,
      'POST',
      `/api/v1/datasources/${warehouseId}/uploads?replace=true`,
      { ...acme(), body: form('disasters.csv') },
    );
    expect(reuploaded.status).toBe(200);
    const refreshed = await call(
      server,
      'POST',
      `/api/v1/datasets/${disasters.id}/refresh`,
      acme(),
    );
    expect(refreshed.status).toBe(200);
    const year = (refreshed.json as Dataset).fields.find((field) => field.name === 'Year');
    expect(year).toMatchObject({ role: 'dimension', label: 'Calendar year' });
    const unchanged = await call(server, 'PUT', `/api/v1/datasets/${disasters.id}`, {
      ...acme(),
      // no fields: the server detects them anew, keeping the ones the user set
      body: { sourceId: warehouseId, name: 'disasters renamed', table: disasters.table },
    });
    expect(unchanged.status, JSON.stringify(unchanged.json)).toBe(200);
    expect(rolesOf(unchanged.json as Dataset)).toMatchObject({ Year: 'dimension' });
  });
});
