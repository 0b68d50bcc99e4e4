import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedChart } from '../../../common/charts';
import { salesSpec, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';

// Map charts through /api/v1/aicharts: a region map keeps its regions option; regions the
// product has no boundaries for are a 400 naming the option, and nothing is written.

let ctx: ChartsServer;

beforeAll(async () => {
  ctx = await startChartsServer();
});
afterAll(async () => {
  await ctx?.close();
});

describe('map charts', () => {
  it('saves a region map with its regions and reads it back', async () => {
    const { base, acme } = ctx;
    const spec = { ...salesSpec(acme.datasetId, 'regionMap'), options: { mapRegions: 'usStates' } };
    const created = await api(base, acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: acme.datasetId,
      name: 'Sales on the map',
      spec,
    });
    expect(created.status).toBe(200);
    const chart = created.body as SavedChart;
    const read = await api(base, acme.viewer, 'GET', `/api/v1/aicharts/${chart.id}`);
    expect(read.body).toMatchObject({
      spec: { type: 'regionMap', options: { mapRegions: 'usStates' } },
    });
  });

  it('answers 400 naming the regions option when the product has no such boundaries', async () => {
    const { base, acme } = ctx;
    const listed = async () =>
      ((await api(base, acme.viewer, 'GET', '/api/v1/aicharts?range=[0,199]')).body as SavedChart[])
        .length;
    const before = await listed();
    const answer = await api(base, acme.editor, 'POST', '/api/v1/aicharts', {
      datasetId: acme.datasetId,
      name: 'Sales on the moon',
      spec: { ...salesSpec(acme.datasetId, 'pointMap'), options: { mapRegions: 'moon' } },
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { field?: string }).field).toBe('spec.options.mapRegions');
    expect(await listed()).toBe(before);
  });
});
