import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChartsServer, type ChartsServer } from '../chartsHarness';
import { api } from '../harness';

// A dataset's drill paths (migration 0019): stored with the dataset, checked against its
// fields at the field that is wrong, kept when an update leaves them out, read by viewers.

let ctx: ChartsServer;
const path = () => `/api/v1/datasets/${ctx.acme.datasetId}`;

beforeAll(async () => {
  ctx = await startChartsServer();
});
afterAll(async () => {
  await ctx?.close();
});

async function record() {
  const answer = await api(ctx.base, ctx.acme.editor, 'GET', path());
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>;
}

describe('drill paths of a dataset', () => {
  it('starts with none, stores a path, and keeps it when an update leaves it out', async () => {
    const before = await record();
    expect(before.drillPaths).toEqual([]);
    const saved = await api(ctx.base, ctx.acme.editor, 'PUT', path(), {
      ...before,
      drillPaths: [['region', 'day']],
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { drillPaths: unknown }).drillPaths).toEqual([['region', 'day']]);
    const without = await record();
    delete without.drillPaths;
    const kept = await api(ctx.base, ctx.acme.editor, 'PUT', path(), without);
    expect(kept.status).toBe(200);
    expect((kept.body as { drillPaths: unknown }).drillPaths).toEqual([['region', 'day']]);
    const seen = await api(ctx.base, ctx.acme.viewer, 'GET', path());
    expect((seen.body as { drillPaths: unknown }).drillPaths).toEqual([['region', 'day']]);
  });

  it('refuses an unknown field, a field twice and a path of one, naming where', async () => {
    const current = await record();
    const put = (drillPaths: unknown) =>
      api(ctx.base, ctx.acme.editor, 'PUT', path(), { ...current, drillPaths });
    const unknown = await put([['region', 'city']]);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('drillPaths.0.1');
    const twice = await put([['region', 'region']]);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('twice');
    const single = await put([['region']]);
    expect(single.status).toBe(400);
    expect(JSON.stringify(single.body)).toContain('drillPaths');
    expect((await record()).drillPaths).toEqual([['region', 'day']]);
  });
});
