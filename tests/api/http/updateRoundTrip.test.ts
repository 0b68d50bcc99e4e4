import type { DataProvider, RaRecord } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesSpec } from '../chartsHarness';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';
import type { Session } from '../harness';
import { dataProviderFor, failureOf } from '../usersClient';

// A record fetched with ra-data-simple-rest's getOne and sent back whole
// with update is accepted on every resource: read-only fields (id, accountId, site,
// timestamps, counts) equal to the stored ones are ignored, a changed one answers 400 naming
// it, and an unknown field still answers 400.

const CSV = 'day,region,amount\n2024-01-05,North,10\n2024-02-10,South,40\n2024-03-03,East,7\n';

interface Case {
  resource: string;
  id: number;
  as: 'admin' | 'editor' | 'platform';
  /** A read-only field of the record and a changed value for it. */
  readOnly: [string, unknown];
}

describe('getOne -> update round trip (ra-data-simple-rest)', () => {
  let server: AnalyticsServer;
  const sessions = {} as Record<Case['as'], Session>;
  const cases: Case[] = [];
  const rest = (as: Case['as']): DataProvider => dataProviderFor(server.base, sessions[as]);
  const post = async (as: Case['as'], path: string, body: unknown) => {
    const answer = await call(server, 'POST', path, { ...sessions[as], body });
    if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer.json)}`);
    return answer.json as { id: number };
  };
  const firstOf = async (as: Case['as'], resource: string) => {
    const answer = await call(server, 'GET', `/api/v1/${resource}?range=[0,0]`, sessions[as]);
    return (answer.json as { id: number }[])[0].id;
  };

  beforeAll(async () => {
    server = await startAnalyticsServer();
    for (const [as, site, username] of [
      ['admin', 'acme', 'admin'],
      ['editor', 'acme', 'editor'],
      ['platform', 'www', 'root'],
    ] as const) {
      const token = await server.sessionFor(site, username);
      sessions[as] = { token, site, headers: { authorization: `Bearer ${token}`, site } };
    }
    const sources = await call(server, 'GET', '/api/v1/datasources', sessions.editor);
    const warehouseId = (sources.json as { id: number; type: string }[]).find(
      (source) => source.type === 'duckdb',
    )!.id;
    const body = new FormData();
    body.append('file', new Blob([CSV]), 'sales.csv');
    const uploaded = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...sessions.editor,
      body,
    });
    expect(uploaded.status).toBe(200);
    const dataset = await post('editor', '/api/v1/datasets', {
      sourceId: warehouseId,
      name: 'Sales',
      table: 'sales',
    });
    const chart = await post('editor', '/api/v1/aicharts', {
      datasetId: dataset.id,
      name: 'Sales by region',
      spec: salesSpec(dataset.id),
    });
    const dashboard = await post('editor', '/api/v1/dashboards', {
      name: 'Sales',
      tiles: [{ id: 't1', kind: 'chart', chartId: chart.id, layout: { x: 0, y: 0, w: 6, h: 6 } }],
    });
    const survey = await post('editor', '/api/v1/surveys', {
      name: 'Pulse',
      questions: [{ type: 'short_text', text: 'How are you?' }],
    });
    const users = await call(server, 'GET', '/api/v1/users', sessions.admin);
    const editorId = (users.json as { id: number; username: string }[]).find(
      (user) => user.username === 'editor',
    )!.id;
    const registered = await call(server, 'POST', '/api/v1/register', {
      body: {
        companyName: 'Initech',
        site: 'initech',
        fullName: 'Bill Lumbergh',
        email: 'bill@initech.example',
        username: 'bill',
      },
    });
    expect(registered.json).toBe(true);
    cases.push(
      { resource: 'users', id: editorId, as: 'admin', readOnly: ['site', 'globex'] },
      { resource: 'datasources', id: warehouseId, as: 'admin', readOnly: ['createdAt', 'x'] },
      { resource: 'datasets', id: dataset.id, as: 'editor', readOnly: ['rowCount', 1] },
      { resource: 'aicharts', id: chart.id, as: 'editor', readOnly: ['updatedAt', 'x'] },
      { resource: 'dashboards', id: dashboard.id, as: 'editor', readOnly: ['createdAt', 'x'] },
      { resource: 'surveys', id: survey.id, as: 'editor', readOnly: ['status', 'published'] },
      {
        resource: 'accounts',
        id: server.accounts.acme,
        as: 'platform',
        readOnly: ['usage', { users: 999 }],
      },
      {
        resource: 'pricing',
        id: await firstOf('platform', 'pricing'),
        as: 'platform',
        readOnly: ['id', 999_999],
      },
      {
        resource: 'info',
        id: await firstOf('platform', 'info'),
        as: 'platform',
        readOnly: ['updatedAt', 'x'],
      },
      {
        resource: 'helpsections',
        id: await firstOf('platform', 'helpsections'),
        as: 'platform',
        readOnly: ['id', 999_999],
      },
      {
        resource: 'registrations',
        id: await firstOf('platform', 'registrations'),
        as: 'platform',
        readOnly: ['email', 'other@initech.example'],
      },
    );
    const message = await post('platform', '/api/v1/messages', {
      type: 'notice',
      title: 'Notice',
      body: 'Hello',
      published: true,
    });
    cases.push({
      resource: 'messages',
      id: message.id,
      as: 'platform',
      readOnly: ['createdAt', 'x'],
    });
  });
  afterAll(() => server?.close());

  const fetched = async (c: Case): Promise<RaRecord> =>
    (await rest(c.as).getOne(c.resource, { id: c.id })).data;

  it('accepts every record sent back whole, unchanged', async () => {
    expect(cases.length).toBe(12);
    for (const c of cases) {
      const record = await fetched(c);
      const updated = await rest(c.as)
        .update(c.resource, { id: c.id, data: record, previousData: record })
        .catch((error: { body?: unknown }) => {
          throw new Error(`${c.resource}: ${JSON.stringify(error.body)}`);
        });
      expect(updated.data.id, c.resource).toBe(c.id);
    }
  });

  it('saves an edited field of a whole record', async () => {
    const dashboard = cases.find((c) => c.resource === 'dashboards')!;
    const record = await fetched(dashboard);
    await rest('editor').update('dashboards', {
      id: dashboard.id,
      data: { ...record, name: 'Sales, renamed' },
      previousData: record,
    });
    expect((await fetched(dashboard)).name).toBe('Sales, renamed');
  });

  it('answers 400 naming a changed read-only field, and changes nothing', async () => {
    for (const c of cases) {
      const record = await fetched(c);
      const [field, value] = c.readOnly;
      expect(record, `${c.resource} has ${field}`).toHaveProperty(field);
      const failure = await failureOf(
        rest(c.as).update(c.resource, {
          id: c.id,
          data: { ...record, [field]: value },
          previousData: record,
        }),
      );
      expect(failure.status, c.resource).toBe(400);
      expect(failure.body, c.resource).toMatchObject({ field });
      expect((failure.body as { message: string }).message).toContain(field);
      expect(await fetched(c), c.resource).toEqual(record);
    }
  });

  it('answers 400 naming an unknown field', async () => {
    for (const c of cases) {
      const record = await fetched(c);
      const failure = await failureOf(
        rest(c.as).update(c.resource, {
          id: c.id,
          data: { ...record, favouriteColour: 'teal' },
          previousData: record,
        }),
      );
      expect(failure.status, c.resource).toBe(400);
      expect(failure.body, c.resource).toMatchObject({ field: 'favouriteColour' });
    }
  });

  it('accepts the company profile form with its read-only fields echoed; refuses them changed', async () => {
    const profile = (await call(server, 'GET', '/api/v1/companyProfile', sessions.admin))
      .json as Record<string, unknown>;
    const form = (fields: Record<string, unknown>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        if (value !== null && typeof value !== 'object') body.append(key, String(value));
      }
      return body;
    };
    const put = (fields: Record<string, unknown>) =>
      call(server, 'PUT', `/api/v1/companyProfiles/${String(profile.id)}`, {
        ...sessions.admin,
        body: form(fields),
      });
    const whole = await put({ ...profile, name: 'Acme Renamed' });
    expect(whole.status, JSON.stringify(whole.json)).toBe(200);
    expect(whole.json).toMatchObject({ name: 'Acme Renamed', accountId: profile.accountId });
    const moved = await put({ ...profile, accountId: Number(profile.accountId) + 1 });
    expect(moved.status).toBe(400);
    expect(moved.json).toMatchObject({ field: 'accountId' });
    const unknown = await put({ ...profile, favouriteColour: 'teal' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ field: 'favouriteColour' });
  });
});
