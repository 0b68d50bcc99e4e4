import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Annotation } from '../../../common/api/annotations';
import {
  addWarehouseDataset,
  createChart,
  SALES_FIELDS,
  salesSpec,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api } from '../harness';

// /api/v1/datasets/{id}/annotations: events on time charts, per tenant and role, on one chart
// or on every chart of the dataset.

let ctx: ChartsServer;
let chartId: number;
let otherChartId: number;

const pathOf = (datasetId: number) => `/api/v1/datasets/${datasetId}/annotations`;
const launch = { chartId: null, startsOn: '2024-02-01', label: 'Launch', colour: '#d62728' };

beforeAll(async () => {
  ctx = await startChartsServer();
  chartId = (await createChart(ctx.base, ctx.acme)).id;
  const otherDatasetId = await addWarehouseDataset(ctx.server, ctx.acme.accountId, {
    name: 'Sales again',
    table: 'sales',
    fields: SALES_FIELDS,
  });
  const other = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/aicharts', {
    datasetId: otherDatasetId,
    name: 'Other',
    spec: salesSpec(otherDatasetId),
  });
  otherChartId = (other.body as { id: number }).id;
});
afterAll(async () => {
  await ctx?.close();
});

async function annotationCount(): Promise<number> {
  const rows = await ctx.server.app.db.selectFrom('annotations').select('id').execute();
  return rows.length;
}

describe('annotations', () => {
  it('adds dataset-wide and chart annotations that viewers read, by chart', async () => {
    const { base, acme } = ctx;
    const path = pathOf(acme.datasetId);
    const wide = await api(base, acme.editor, 'POST', path, launch);
    expect(wide.status).toBe(200);
    expect(wide.body).toMatchObject({ ...launch, endsOn: null, datasetId: acme.datasetId });
    const onChart = await api(base, acme.admin, 'POST', path, {
      chartId,
      startsOn: '2024-01-10',
      endsOn: '2024-01-20',
      label: 'Sale',
      colour: '#1f77b4',
    });
    expect(onChart.status).toBe(200);
    const otherChart = await createChart(base, acme, 'Another');
    const forOther = await api(base, acme.editor, 'POST', path, {
      ...launch,
      chartId: otherChart.id,
      label: 'Only there',
    });
    expect(forOther.status).toBe(200);

    const ofChart = await api(base, acme.viewer, 'GET', `${path}?chartId=${chartId}`);
    expect(ofChart.status).toBe(200);
    expect((ofChart.body as Annotation[]).map((a) => a.label)).toEqual(['Sale', 'Launch']);
    const all = await api(base, acme.viewer, 'GET', path);
    expect((all.body as Annotation[]).map((a) => a.label)).toEqual([
      'Sale',
      'Launch',
      'Only there',
    ]);
  });

  it('lets editors change and remove them, and no viewer', async () => {
    const { base, acme } = ctx;
    const path = pathOf(acme.datasetId);
    const created = (await api(base, acme.editor, 'POST', path, launch)).body as Annotation;
    const refused = await api(base, acme.viewer, 'POST', path, launch);
    expect(refused.status).toBe(403);
    const viewerPut = await api(base, acme.viewer, 'PUT', `${path}/${created.id}`, launch);
    expect(viewerPut.status).toBe(403);
    const viewerDelete = await api(base, acme.viewer, 'DELETE', `${path}/${created.id}`);
    expect(viewerDelete.status).toBe(403);

    const changed = await api(base, acme.editor, 'PUT', `${path}/${created.id}`, {
      ...launch,
      endsOn: '2024-02-05',
      label: 'Launch week',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: created.id,
      endsOn: '2024-02-05',
      label: 'Launch week',
    });
    const before = await annotationCount();
    const removed = await api(base, acme.editor, 'DELETE', `${path}/${created.id}`);
    expect(removed.status).toBe(200);
    expect(await annotationCount()).toBe(before - 1);
    const again = await api(base, acme.editor, 'DELETE', `${path}/${created.id}`);
    expect(again.status).toBe(404);
  });

  it('keeps tenants apart', async () => {
    const { base, acme, globex } = ctx;
    const created = (await api(base, acme.editor, 'POST', pathOf(acme.datasetId), launch))
      .body as Annotation;
    const read = await api(base, globex.editor, 'GET', pathOf(acme.datasetId));
    expect(read.status).toBe(404);
    const write = await api(base, globex.editor, 'POST', pathOf(acme.datasetId), launch);
    expect(write.status).toBe(404);
    const viaOwn = await api(
      base,
      globex.editor,
      'DELETE',
      `${pathOf(globex.datasetId)}/${created.id}`,
    );
    expect(viaOwn.status).toBe(404);
    const acmeChart = await api(base, globex.editor, 'POST', pathOf(globex.datasetId), {
      ...launch,
      chartId,
    });
    expect(acmeChart.status).toBe(400);
    expect(acmeChart.body).toMatchObject({ field: 'chartId' });
    const own = await api(base, globex.editor, 'GET', pathOf(globex.datasetId));
    expect(own.body).toEqual([]);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const { base, acme } = ctx;
    const path = pathOf(acme.datasetId);
    const before = await annotationCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...launch, endsOn: '2024-01-01' }, 'endsOn'],
      [{ ...launch, chartId: otherChartId }, 'chartId'],
      [{ ...launch, colour: 'red' }, 'colour'],
      [{ ...launch, startsOn: '2024-13-01' }, 'startsOn'],
      [{ ...launch, label: '  ' }, 'label'],
    ];
    for (const [body, field] of cases) {
      const answer = await api(base, acme.editor, 'POST', path, body);
      expect(answer.status, field).toBe(400);
      expect((answer.body as { message: string }).message).toContain(field);
    }
    expect(await annotationCount()).toBe(before);
  });
});
