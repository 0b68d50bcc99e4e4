import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/charts';
import type { RowPolicy } from '../../../common/api/rowPolicies';
import type { ShareLink } from '../../../common/api/shares';
import { addUser } from '../authFixtures';
import {
  createChart,
  createDashboard,
  startChartsServer,
  type ChartsServer,
} from '../chartsHarness';
import { api, login, type Session } from '../harness';

// Row-level security across every path that reads the Sales dataset (North 30, South 45,
// East 7): two viewers with different `region` attributes, one without it, an editor the
// policy holds for and an admin it does not. Each sees exactly their rows, a result cached
// for one never answers another, and what reads rows around the dataset is for those the
// policy does not hold for.

let ctx: ChartsServer;
let north: Session;
let southEast: Session;
let nobody: Session;
let dashboard: Dashboard;
let chartId: number;
const userIds = new Map<string, number>();

const BY_REGION = (datasetId: number) => ({
  datasetId,
  dimensions: [{ field: 'region' }],
  measures: [{ field: 'amount', agg: 'sum' }],
  filters: [],
  sort: [{ key: 'region', dir: 'asc' }],
});

async function viewerWith(username: string, attributes?: object): Promise<Session> {
  const { id } = await addUser(ctx.server, ctx.acme.accountId, { username, role: 'viewer' });
  userIds.set(username, id);
  if (attributes) {
    const answer = await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, {
      attributes,
    });
    expect(answer.status).toBe(200);
    expect((answer.body as { attributes: object }).attributes).toEqual(attributes);
  }
  return login(ctx.base, 'acme', username);
}

async function rowsOf(session: Session) {
  const answer = await api(ctx.base, session, 'POST', '/api/v1/query', {
    query: BY_REGION(ctx.acme.datasetId),
  });
  expect(answer.status).toBe(200);
  return (answer.body as { rows: unknown[][] }).rows;
}

async function valuesOf(session: Session) {
  const answer = await api(ctx.base, session, 'POST', '/api/v1/query/values', {
    datasetId: ctx.acme.datasetId,
    field: 'region',
  });
  expect(answer.status).toBe(200);
  return (answer.body as { values: string[] }).values.sort();
}

const policiesPath = () => `/api/v1/datasets/${ctx.acme.datasetId}/policies`;

/** A link the admin makes (an editor may give only attributes of their own). */
async function shareLink(attributes?: object) {
  const body = { label: 'Regional', ...(attributes && { attributes }) };
  const path = `/api/v1/dashboards/${dashboard.id}/shareLinks`;
  const answer = await api(ctx.base, ctx.acme.admin, 'POST', path, body);
  expect(answer.status).toBe(200);
  return answer.body as ShareLink & { token: string };
}

function shareQuery(link: { token: string }) {
  const headers = { site: 'acme', authorization: `Bearer ${link.token}` };
  const path = `/api/v1/share/dashboards/${dashboard.id}/query`;
  return api(ctx.base, null, 'POST', path, { chartId }, headers);
}

beforeAll(async () => {
  ctx = await startChartsServer();
  north = await viewerWith('north', { region: 'North' });
  southEast = await viewerWith('southeast', { region: ['South', 'East'] });
  nobody = await viewerWith('nobody');
  chartId = (await createChart(ctx.base, ctx.acme, 'By region')).id;
  dashboard = await createDashboard(ctx.base, ctx.acme, [chartId], 'Regions');
  const policy = await api(ctx.base, ctx.acme.editor, 'POST', policiesPath(), {
    field: 'region',
    op: '=',
    attribute: 'region',
  });
  expect(policy.status).toBe(200);
  expect(policy.body).toMatchObject({ field: 'region', appliesTo: ['editor', 'viewer'] });
});
afterAll(async () => {
  await ctx?.close();
});

describe('row policies', () => {
  it('answers each viewer their rows only, even from a warm cache', async () => {
    // The same query each time: a cached answer of one viewer must not reach the next.
    expect(await rowsOf(north)).toEqual([['North', 30]]);
    expect(await rowsOf(southEast)).toEqual([
      ['East', 7],
      ['South', 45],
    ]);
    expect(await rowsOf(nobody)).toEqual([]);
    expect(await rowsOf(ctx.acme.editor)).toEqual([]);
    expect(await rowsOf(north)).toEqual([['North', 30]]);
    expect(await rowsOf(ctx.acme.admin)).toHaveLength(3);
  });

  it('binds the attribute values as parameters, never into the SQL text', async () => {
    const { id } = await addUser(ctx.server, ctx.acme.accountId, {
      username: 'quoter',
      role: 'viewer',
    });
    const attributes = { region: "North') or ('1'='1" };
    await api(ctx.base, ctx.acme.admin, 'PUT', `/api/v1/users/${id}`, { attributes });
    const quoter = await login(ctx.base, 'acme', 'quoter');
    const answer = await api(ctx.base, quoter, 'POST', '/api/v1/query', {
      query: BY_REGION(ctx.acme.datasetId),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ rows: [] });
    expect((answer.body as { sql: string }).sql).not.toContain("1'='1");
  });

  it("lists a values filter's values from the viewer's rows only", async () => {
    expect(await valuesOf(north)).toEqual(['North']);
    expect(await valuesOf(southEast)).toEqual(['East', 'South']);
    expect(await valuesOf(nobody)).toEqual([]);
  });

  it("samples the AI context from the asker's rows only", async () => {
    const path = `/api/v1/aicharts/context/${ctx.acme.datasetId}`;
    const answer = await api(ctx.base, north, 'GET', path);
    expect(answer.status).toBe(200);
    const text = JSON.stringify((answer.body as { values: unknown }).values);
    expect(text).toContain('North');
    expect(text).not.toContain('South');
    expect(text).not.toContain('East');
  });

  it('runs an AI question as the asker, the policy inside its SQL', async () => {
    const ask = (session: Session) =>
      api(ctx.base, session, 'POST', '/api/v1/aicharts/ask', {
        datasetId: ctx.acme.datasetId,
        question: 'total amount by region',
      });
    const answer = await ask(north);
    expect(answer.status).toBe(200);
    const { spec, sql } = answer.body as { spec: { query: object }; sql: string };
    expect(sql).toMatch(/"region" IN \(/);
    const run = await api(ctx.base, north, 'POST', '/api/v1/query', { query: spec.query });
    expect(JSON.stringify((run.body as { rows: unknown }).rows)).not.toMatch(/South|East/);
  });

  it('gives a share link the attributes it was made with, and none without', async () => {
    const south = await shareLink({ region: 'South' });
    expect(south.attributes).toEqual({ region: 'South' });
    const answer = await shareQuery(south);
    expect(answer.status).toBe(200);
    expect((answer.body as { rows: unknown[][] }).rows).toEqual([['South', 45]]);

    const plain = await shareLink();
    const none = await shareQuery(plain);
    expect(none.status).toBe(200);
    expect((none.body as { rows: unknown[][] }).rows).toEqual([]);
  });

  it('keeps explorer SQL, previews and dataset changes over the source for admins', async () => {
    const datasets = await api(
      ctx.base,
      ctx.acme.admin,
      'GET',
      `/api/v1/datasets/${ctx.acme.datasetId}`,
    );
    const sourceId = (datasets.body as { sourceId: number }).sourceId;
    const sql = { sourceId, sql: 'select region, amount from sales' };
    const refused = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/sql', sql);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'row-policy',
      message:
        'SQL over a source whose row policies hold for you is not allowed: it would read rows around them.',
    });
    const byAdmin = await api(ctx.base, ctx.acme.admin, 'POST', '/api/v1/sql', sql);
    expect(byAdmin.status).toBe(200);
    expect((byAdmin.body as { rows: unknown[] }).rows).toHaveLength(5);

    const preview = `/api/v1/datasets/${ctx.acme.datasetId}/preview`;
    expect((await api(ctx.base, north, 'GET', preview)).status).toBe(403);
    expect((await api(ctx.base, ctx.acme.admin, 'GET', preview)).status).toBe(200);

    const copy = await api(ctx.base, ctx.acme.editor, 'POST', '/api/v1/datasets', {
      name: 'Sales without the policy',
      sourceId,
      table: 'sales',
    });
    expect(copy.status).toBe(403);
  });

  it('tells the count of all rows only to those the policy does not hold for', async () => {
    const id = ctx.acme.datasetId;
    const countFor = async (session: Session) => {
      const shown = await api(ctx.base, session, 'GET', `/api/v1/datasets/${id}`);
      const counted = await api(ctx.base, session, 'GET', `/api/v1/datasets/${id}/rowCount`);
      const sort = encodeURIComponent('["rowCount","DESC"]');
      const listed = await api(ctx.base, session, 'GET', `/api/v1/datasets?sort=${sort}`);
      expect([shown.status, counted.status, listed.status]).toEqual([200, 200, 200]);
      const inList = (listed.body as { id: number; rowCount?: number }[]).find((d) => d.id === id);
      const sourceId = (shown.body as { sourceId: number }).sourceId;
      const schema = await api(ctx.base, session, 'GET', `/api/v1/datasources/${sourceId}/schema`);
      expect(schema.status).toBe(200);
      const tables = (schema.body as { tables: { name: string; rowCount?: number }[] }).tables;
      return {
        table: tables.find((table) => table.name === 'sales')?.rowCount ?? null,
        shown: (shown.body as { rowCount?: number }).rowCount ?? null,
        counted: (counted.body as { rowCount: number | null }).rowCount,
        listed: inList?.rowCount ?? null,
      };
    };
    const all = { table: 5, shown: 5, counted: 5, listed: 5 };
    expect(await countFor(ctx.acme.admin)).toEqual(all);
    const none = { table: null, shown: null, counted: null, listed: null };
    expect(await countFor(ctx.acme.editor)).toEqual(none);
  });

  it('lets nobody lift a policy that holds for them', async () => {
    const list = await api(ctx.base, ctx.acme.editor, 'GET', policiesPath());
    expect(list.status).toBe(200);
    const [policy] = list.body as RowPolicy[];
    const path = `${policiesPath()}/${policy.id}`;
    const loosened = { field: 'region', op: '=', attribute: 'region', appliesTo: ['viewer'] };
    const byEditor = await api(ctx.base, ctx.acme.editor, 'PUT', path, loosened);
    expect(byEditor.status).toBe(403);
    // Refusals of an action, shown where it was: a 403 with the code keeps the session.
    expect(byEditor.body).toMatchObject({ code: 'row-policy' });
    const removal = await api(ctx.base, ctx.acme.editor, 'DELETE', path);
    expect([removal.status, (removal.body as { code?: string }).code]).toEqual([403, 'row-policy']);
    // A viewer in the policies of a section they may not use: refused without a code.
    const byViewer = await api(ctx.base, north, 'GET', policiesPath());
    expect(byViewer.status).toBe(403);
    expect(byViewer.body).not.toHaveProperty('code');
    expect(await rowsOf(ctx.acme.editor)).toEqual([]);
  });

  it('refuses a policy on a field the dataset lacks, or a malformed attribute', async () => {
    const unknown = await api(ctx.base, ctx.acme.editor, 'POST', policiesPath(), {
      field: 'country',
      op: '=',
      attribute: 'country',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'field' });
    const malformed = await api(ctx.base, ctx.acme.editor, 'POST', policiesPath(), {
      field: 'region',
      op: '=',
      attribute: 'the region',
    });
    expect(malformed.status).toBe(400);
    const path = `/api/v1/users/${userIds.get('north')}`;
    const badAttributes = await api(ctx.base, ctx.acme.admin, 'PUT', path, {
      attributes: { '1st': 'x' },
    });
    expect(badAttributes.status).toBe(400);
    // Nothing was half-written: north keeps their rows.
    expect(await rowsOf(north)).toEqual([['North', 30]]);
  });

  it('applies again to everyone once an admin removes it', async () => {
    const list = await api(ctx.base, ctx.acme.admin, 'GET', policiesPath());
    const [policy] = list.body as RowPolicy[];
    const removed = await api(ctx.base, ctx.acme.admin, 'DELETE', `${policiesPath()}/${policy.id}`);
    expect(removed.status).toBe(200);
    expect(await rowsOf(nobody)).toHaveLength(3);
    expect(await rowsOf(north)).toHaveLength(3);
  });
});
