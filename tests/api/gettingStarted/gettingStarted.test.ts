import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checklist } from '../../../common/api/gettingStarted';
import type { ChecklistStep } from '../../../common/gettingStarted';
import { closeAllWarehouses } from '../../../server/engines/duckdb/warehouseRegistry';
import { addAccount, addUser } from '../authFixtures';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// GET /api/v1/gettingStarted ticks each step from the account's real state; PUT hides the
// checklist for one user. A new tenant "initech" walks through every step.

const PATH = '/api/v1/gettingStarted';

function doneSteps(checklist: Checklist): ChecklistStep[] {
  return checklist.items.filter((item) => item.done).map((item) => item.step);
}

describe('getting started checklist', () => {
  let server: TestServer;
  let accountId: number;
  let admin: Session;
  let base: string;

  const checklist = async (session = admin) => {
    const answer = await api(base, session, 'GET', PATH);
    expect(answer.status).toBe(200);
    return answer.body as Checklist;
  };

  beforeAll(async () => {
    server = await startServer();
    base = server.baseUrl;
    accountId = await addAccount(server, 'initech');
    await addUser(server, accountId, { username: 'boss', role: 'admin' });
    admin = await login(base, 'initech', 'boss');
  });

  afterAll(async () => {
    await server?.close();
    await closeAllWarehouses();
  });

  it('starts with every step to do, in order', async () => {
    const start = await checklist();
    expect(start.items.map((item) => item.step)).toEqual([
      'connect',
      'dataset',
      'ask',
      'dashboard',
      'share',
      'invite',
      'brand',
    ]);
    expect(doneSteps(start)).toEqual([]);
    expect(start.dismissed).toBe(false);
  });

  it('ticks each step once it is done in the account, and only there', async () => {
    await server.app.sourceConnectors.withWarehouse(accountId, (warehouse) =>
      warehouse.withConnection((connection) =>
        connection.run(
          "create table staff as select * from (values ('Peter', 3), ('Milton', 1)) t(name, desks)",
        ),
      ),
    );
    expect(doneSteps(await checklist())).toEqual(['connect']);

    const sources = await api(base, admin, 'GET', '/api/v1/datasources?range=[0,9]');
    const sourceId = (sources.body as { id: number }[])[0].id;
    const dataset = await api(base, admin, 'POST', '/api/v1/datasets', {
      sourceId,
      name: 'Staff',
      table: 'staff',
    });
    expect(dataset.status).toBe(200);
    const datasetId = (dataset.body as { id: number }).id;
    expect(doneSteps(await checklist())).toEqual(['connect', 'dataset']);

    const asked = await api(base, admin, 'POST', '/api/v1/aicharts/ask', {
      datasetId,
      question: 'total desks by name',
    });
    expect(asked.status).toBe(200);
    expect(doneSteps(await checklist())).toEqual(['connect', 'dataset', 'ask']);

    const dashboard = await api(base, admin, 'POST', '/api/v1/dashboards', {
      name: 'Office',
      tiles: [],
      filters: [],
      refreshSeconds: 0,
    });
    expect(dashboard.status).toBe(200);
    const dashboardId = (dashboard.body as { id: number }).id;
    const link = await api(base, admin, 'POST', `/api/v1/dashboards/${dashboardId}/shareLinks`, {
      label: 'Board',
    });
    expect(link.status).toBe(200);
    expect(doneSteps(await checklist())).toEqual([
      'connect',
      'dataset',
      'ask',
      'dashboard',
      'share',
    ]);

    await addUser(server, accountId, { username: 'milton', role: 'viewer' });
    await server.app.db
      .insertInto('company_profiles')
      .values({
        account_id: accountId,
        name: 'Initech',
        website: '',
        primary_color: '#1976d2',
        secondary_color: '#9c27b0',
        logo: null,
        logo_mime: null,
      })
      .execute();
    expect(doneSteps(await checklist())).not.toContain('brand');
    await server.app.db
      .updateTable('company_profiles')
      .set({ primary_color: '#c62828' })
      .where('account_id', '=', accountId)
      .execute();
    expect((await checklist()).items.every((item) => item.done)).toBe(true);

    // Another account's state is its own.
    const acmeViewer = await login(base, 'acme', 'viewer');
    expect(doneSteps(await checklist(acmeViewer))).not.toContain('ask');
  });

  it('hides the checklist for the user who dismissed it, and shows it again', async () => {
    const hidden = await api(base, admin, 'PUT', PATH, { dismissed: true });
    expect(hidden.status).toBe(200);
    expect((hidden.body as Checklist).dismissed).toBe(true);
    expect((await checklist()).dismissed).toBe(true);
    const colleague = await login(base, 'initech', 'milton');
    expect((await checklist(colleague)).dismissed).toBe(false);
    const shown = await api(base, admin, 'PUT', PATH, { dismissed: false });
    expect((shown.body as Checklist).dismissed).toBe(false);
  });

  it('answers 400 for a bad body, 401 without a session, 403 for the platform admin', async () => {
    const bad = await api(base, admin, 'PUT', PATH, { dismissed: 'yes' });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toContain('dismissed');
    const unknown = await api(base, admin, 'PUT', PATH, { dismissed: true, extra: 1 });
    expect(unknown.status).toBe(400);
    const anonymous = { token: '', site: 'initech', headers: { site: 'initech' } };
    expect((await api(base, anonymous, 'GET', PATH)).status).toBe(401);
    const platform = await login(base, 'www', 'admin');
    expect((await api(base, platform, 'GET', PATH)).status).toBe(403);
  });
});
