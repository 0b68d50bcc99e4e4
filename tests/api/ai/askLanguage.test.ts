import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetField } from '../../../common/analytics';
import type { AskAnswer } from '../../../common/nl';
import { startChartsServer, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';

// Questions in the asker's language over the Sales dataset (day, region, amount), whose
// fields carry French and German labels and synonyms saved with the dataset.

const ASK = '/api/v1/aicharts/ask';

const TRANSLATIONS: Record<string, DatasetField['translations']> = {
  region: { fr: { label: 'Région', synonyms: ['secteur'] }, de: { label: 'Gebiet', synonyms: [] } },
  amount: { fr: { label: 'Montant', synonyms: ['ventes'] }, de: { label: 'Umsatz', synonyms: [] } },
  day: { fr: { label: 'Jour', synonyms: [] }, de: { label: 'Tag', synonyms: [] } },
};

describe('ask in other languages', () => {
  let charts: ChartsServer;
  let dataset: Dataset;
  beforeAll(async () => {
    charts = await startChartsServer();
    const path = `/api/v1/datasets/${charts.acme.datasetId}`;
    const read = await api(charts.base, charts.acme.admin, 'GET', path);
    const { sourceId, name, table, fields } = read.body as Dataset;
    const saved = await api(charts.base, charts.acme.admin, 'PUT', path, {
      sourceId,
      name,
      table,
      fields: fields.map((field) => ({ ...field, translations: TRANSLATIONS[field.name] })),
    });
    expect(saved.status).toBe(200);
    dataset = saved.body as Dataset;
  });
  afterAll(async () => {
    await charts?.close();
  });

  const ask = (question: string, language?: string) =>
    api(charts.base, charts.acme.editor, 'POST', ASK, {
      datasetId: charts.acme.datasetId,
      question,
      language,
    });

  it("keeps the fields' translations with the dataset", () => {
    const region = dataset.fields.find((field) => field.name === 'region');
    expect(region?.translations).toEqual(TRANSLATIONS.region);
  });

  it("reads a question in the asker's language, by the fields' translated labels", async () => {
    const answer = await ask('montant total par région', 'fr');
    expect(answer.status).toBe(200);
    const { spec, unmatched } = answer.body as AskAnswer;
    expect(spec.query.dimensions).toEqual([{ field: 'region' }]);
    expect(spec.query.measures).toEqual([{ field: 'amount', agg: 'sum' }]);
    expect(unmatched).toEqual([]);
  });

  it('tells the language from the words when none is given', async () => {
    const answer = await ask('Gesamtumsatz pro Gebiet als Kreisdiagramm');
    expect(answer.status).toBe(200);
    const { spec } = answer.body as AskAnswer;
    expect(spec.type).toBe('pie');
    expect(spec.query.dimensions).toEqual([{ field: 'region' }]);
  });

  it('refuses a language that is not a language code, and a bad translation', async () => {
    const answer = await ask('amount by region', 'french!');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/language/);
    const path = `/api/v1/datasets/${charts.acme.datasetId}`;
    const { sourceId, name, table, fields } = dataset;
    const bad = await api(charts.base, charts.acme.admin, 'PUT', path, {
      sourceId,
      name,
      table,
      fields: fields.map((field) => ({ ...field, translations: { French: { synonyms: [] } } })),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/translations\.French/);
  });
});
