import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import type { ChartRecord } from '../../../common/api/charts';
import type { Dataset } from '../../../common/api/datasets';
import type { RevisionRecord } from '../../../common/revisions';
import {
  createChart,
  dashboardBody,
  SALES_FIELDS,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api } from '../harness';

// Translations of dashboards' names, charts' names and titles and dataset fields' labels:
// kept and answered, checked (400 naming the field, nothing written), kept when a body
// leaves them out, carried by revisions, and guarded as the object's other fields are.

let ctx: ChartsServer;
let chartId: number;

const FRENCH = { fr: { name: 'Ventes', description: 'Chaque lundi' }, he: { name: 'מכירות' } };

beforeAll(async () => {
  ctx = await startChartsServer();
  chartId = (await createChart(ctx.base, ctx.acme, 'Revenue')).id;
});
afterAll(async () => {
  await ctx?.close();
});

async function newDashboard(): Promise<Dashboard> {
  const body = { ...dashboardBody([chartId], 'Sales'), translations: FRENCH };
  const created = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/dashboards', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as Dashboard;
}

describe('content translations', () => {
  it("stores a dashboard's translations, answers them and keeps them when a body omits them", async () => {
    const { base, acme } = ctx;
    const dashboard = await newDashboard();
    expect(dashboard.translations).toEqual(FRENCH);
    const read = await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`);
    expect((read.body as Dashboard).translations).toEqual(FRENCH);

    const renamed: Partial<Dashboard> = { ...dashboard, name: 'Sales 2' };
    delete renamed.translations;
    const put = await api(base, acme.editor, 'PUT', `/api/v1/dashboards/${dashboard.id}`, renamed);
    expect((put.body as Dashboard).translations).toEqual(FRENCH);

    const cleared = { ...(put.body as Dashboard), translations: { fr: { name: ' ' } } };
    const emptied = await api(
      base,
      acme.editor,
      'PUT',
      `/api/v1/dashboards/${dashboard.id}`,
      cleared,
    );
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect((emptied.body as Dashboard).translations).toBeUndefined();
    const row = await ctx.server.app.db
      .selectFrom('dashboards')
      .select('translations_json')
      .where('id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    expect(row.translations_json).toBeNull();
  });

  it('answers 400 naming the wrong translation and writes nothing', async () => {
    const { base, acme } = ctx;
    const dashboard = await newDashboard();
    const cases: [unknown, string][] = [
      [{ french: { name: 'Ventes' } }, 'translations.french'],
      [{ fr: { title: 'Ventes' } }, 'translations.fr.title'],
      [{ fr: { name: 'x'.repeat(201) } }, 'translations.fr.name'],
      [{ fr: 'Ventes' }, 'translations.fr'],
    ];
    for (const [translations, field] of cases) {
      const body = { ...dashboard, name: 'Changed', translations };
      const answer = await api(
        base,
        acme.editor,
        'PUT',
        `/api/v1/dashboards/${dashboard.id}`,
        body,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body as { field?: string }).field, JSON.stringify(answer.body)).toBe(field);
    }
    const read = await api(base, acme.viewer, 'GET', `/api/v1/dashboards/${dashboard.id}`);
    expect(read.body).toMatchObject({ name: 'Sales', translations: FRENCH });
  });

  it('lets neither a viewer nor another tenant see or change them', async () => {
    const { base, acme, globex } = ctx;
    const dashboard = await newDashboard();
    const path = `/api/v1/dashboards/${dashboard.id}`;
    const change = { ...dashboard, translations: { fr: { name: 'Piraté' } } };
    expect((await api(base, acme.viewer, 'PUT', path, change)).status).toBe(403);
    expect((await api(base, globex.editor, 'GET', path)).status).toBe(404);
    expect((await api(base, globex.editor, 'PUT', path, change)).status).toBe(404);
    const read = await api(base, acme.viewer, 'GET', path);
    expect((read.body as Dashboard).translations).toEqual(FRENCH);
  });

  it('keeps translations in revisions, and a restore brings them back', async () => {
    const { base, acme } = ctx;
    const dashboard = await newDashboard();
    const path = `/api/v1/dashboards/${dashboard.id}`;
    const german = { ...dashboard, translations: { de: { name: 'Umsatz' } } };
    expect((await api(base, acme.editor, 'PUT', path, german)).status).toBe(200);
    const revisions = (await api(base, acme.viewer, 'GET', `${path}/revisions`))
      .body as RevisionRecord[];
    expect(revisions[0].definition.translations).toEqual({ de: { name: 'Umsatz' } });
    const first = revisions[revisions.length - 1];
    expect(first.definition.translations).toEqual(FRENCH);
    const restore = await api(base, acme.editor, 'POST', `${path}/revisions/${first.id}/restore`);
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    const read = await api(base, acme.viewer, 'GET', path);
    expect((read.body as Dashboard).translations).toEqual(FRENCH);
  });

  it("stores a chart's name and title translations, checked like the dashboard's", async () => {
    const { base, acme } = ctx;
    const path = `/api/v1/aicharts/${chartId}`;
    const chart = (await api(base, acme.viewer, 'GET', path)).body as ChartRecord;
    const translations = { fr: { name: 'Recettes', title: 'Recettes par région' } };
    const put = await api(base, acme.editor, 'PUT', path, { ...chart, translations });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(((await api(base, acme.viewer, 'GET', path)).body as ChartRecord).translations).toEqual(
      translations,
    );
    const bad = await api(base, acme.editor, 'PUT', path, {
      ...chart,
      translations: { fr: { label: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { field?: string }).field).toBe('translations.fr.label');
    expect((await api(base, ctx.globex.editor, 'GET', path)).status).toBe(404);
  });

  it("stores a dataset field's label translations inside its fields", async () => {
    const { base, acme } = ctx;
    const path = `/api/v1/datasets/${acme.datasetId}`;
    const dataset = (await api(base, acme.admin, 'GET', path)).body as Dataset;
    const fields = SALES_FIELDS.map((field) =>
      field.name === 'region' ? { ...field, translations: { fr: { label: 'Région' } } } : field,
    );
    const put = await api(base, acme.admin, 'PUT', path, { ...dataset, fields });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = (await api(base, acme.viewer, 'GET', path)).body as Dataset;
    expect(read.fields.find((field) => field.name === 'region')?.translations).toEqual({
      fr: { label: 'Région' },
    });
    const badFields = fields.map((field) =>
      field.name === 'region'
        ? { ...field, translations: { fr: { label: 'x'.repeat(201) } } }
        : field,
    );
    const bad = await api(base, acme.admin, 'PUT', path, { ...dataset, fields: badFields });
    expect(bad.status).toBe(400);
    expect((bad.body as { field?: string }).field).toMatch(
      /^fields\.\d+\.translations\.fr\.label$/,
    );
  });
});
