import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import { HttpError, setApiPrefix } from '../../../../src/ui/api/httpClient';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { previewDataset, refreshDataset, runSql } from '../../../../src/ui/warehouse/analyticsApi';
import { api } from '../../../api/harness';
import { startChartsServer, type ChartsServer } from '../../../api/chartsHarness';
import { signInAs } from '../../support/realSession';

// A non-admin reading raw rows of a source whose datasets carry row policies (a dataset's
// preview, explorer SQL) is refused by the real server with 403 and the code `row-policy`: the
// screen shows why, and the user stays signed in (a 403 without a code signs them out, as
// spec §8 says).

let ctx: ChartsServer;
let sourceId: number;
let token: string;
let navigations: string[];

beforeAll(async () => {
  ctx = await startChartsServer();
  setApiPrefix(ctx.base);
  const policy = await api(
    ctx.base,
    ctx.acme.editor,
    'POST',
    `/api/v1/datasets/${ctx.acme.datasetId}/policies`,
    { field: 'region', op: '=', attribute: 'region' },
  );
  expect(policy.status).toBe(200);
  const dataset = await api(
    ctx.base,
    ctx.acme.admin,
    'GET',
    `/api/v1/datasets/${ctx.acme.datasetId}`,
  );
  sourceId = (dataset.body as { sourceId: number }).sourceId;
});
afterAll(async () => {
  setApiPrefix('');
  await ctx.close();
});
beforeEach(async () => {
  navigations = [];
  vi.spyOn(browserNavigation, 'assign').mockImplementation((url: string) => {
    navigations.push(url);
  });
  token = await signInAs(ctx.server, 'acme', 'editor');
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('a refused raw reading', () => {
  it.each([
    ['a preview', () => previewDataset(ctx.acme.datasetId)],
    ['explorer SQL', () => runSql({ sourceId, sql: 'select region, amount from sales' })],
    ['a recount', () => refreshDataset(ctx.acme.datasetId)],
  ])('of %s fails with its message and keeps the session', async (_what, ask) => {
    const failure = await ask().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(403);
    expect((failure as HttpError).body).toMatchObject({ code: 'row-policy' });
    expect((failure as HttpError).message).toContain('row policies');
    expect(navigations).toEqual([]);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe(token);
  });
});
