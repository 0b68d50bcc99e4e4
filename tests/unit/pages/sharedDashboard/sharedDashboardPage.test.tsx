// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard, SavedChart } from '../../../../common/charts';
import { editorCall, startChartsServer, type ChartsServer } from '../../support/chartsRealServer';
import { renderApp } from '../../support/renderApp';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';

// The public shared-dashboard page against the real server: a dashboard "Flights" of two
// charts shared through the API with a frozen date range; revoked, expired, unknown and
// other-dashboard links made for real. The API is called at acme.localhost, as in a browser.

const FROZEN = ['2024-01-01', '2024-01-31'];

let api: ChartsServer;
let flights: Dashboard;
let charts: SavedChart[];
const tokens: Record<string, string> = {};
/** The link revoked (by its editor, through the API) as soon as the dashboard has loaded. */
let revokeWhileOpen = '';
let revokeOnLoad: (() => Promise<void>) | undefined;

async function shareLink(dashboardId: number, body: object) {
  return editorCall<{ id: number; token: string }>(
    api,
    'POST',
    `/api/v1/dashboards/${dashboardId}/shareLinks`,
    { label: 'Partners', ...body },
  );
}

async function revoke(dashboardId: number, linkId: number) {
  await editorCall(api, 'DELETE', `/api/v1/dashboards/${dashboardId}/shareLinks/${linkId}`);
}

beforeAll(async () => {
  api = await startChartsServer({
    dashboard: false,
    beforeListen: (app) =>
      app.addHook('onSend', async (request) => {
        const load = request.method === 'GET' && /\/share\/dashboards\/\d+$/.test(request.url);
        if (load && request.headers.authorization === `Bearer ${revokeWhileOpen}`) {
          await revokeOnLoad?.();
        }
      }),
  });
  const byOrigin = await editorCall<SavedChart>(api, 'POST', '/api/v1/aicharts', {
    datasetId: api.datasetId,
    name: 'Flights by origin',
    spec: {
      type: 'bar',
      title: 'Flights by origin',
      query: {
        datasetId: api.datasetId,
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: '>', value: 100 }],
        sort: [],
        limit: 50,
      },
      encoding: { x: 'origin', y: ['count'] },
      options: {},
    },
  });
  charts = [api.chart, byOrigin];
  flights = await editorCall<Dashboard>(api, 'POST', '/api/v1/dashboards', {
    name: 'Flights',
    description: 'Demo',
    refreshSeconds: 0,
    tiles: charts.map((chart, index) => ({
      id: `t${index}`,
      kind: 'chart',
      chartId: chart.id,
      layout: { x: index * 6, y: 0, w: 6, h: 4 },
    })),
    filters: [
      {
        id: 'when',
        label: 'Date',
        type: 'dateRange',
        bindings: charts.map((chart) => ({ chartId: chart.id, field: 'date' })),
        defaultValue: ['2024-01-01', '2024-03-31'],
      },
      {
        id: 'from',
        label: 'Origin',
        type: 'values',
        bindings: [{ chartId: byOrigin.id, field: 'origin' }],
      },
    ],
  });
  const frozen = { frozenFilters: [{ filterId: 'when', value: FROZEN }] };
  tokens.good = (await shareLink(flights.id, frozen)).token;
  const revoked = await shareLink(flights.id, {});
  await revoke(flights.id, revoked.id);
  tokens.revoked = revoked.token;
  // A link can only be made to expire later; this one's time has passed, as if it had lived.
  const expiring = await shareLink(flights.id, {
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await api.app.db
    .updateTable('share_links')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', expiring.id)
    .execute();
  tokens.expired = expiring.token;
  tokens.invalid = 'share-token-other';
  const open = await shareLink(flights.id, {});
  revokeWhileOpen = open.token;
  revokeOnLoad = () => revoke(flights.id, open.id);
  // The page has no site header to send: the server knows acme by the host it was called at.
  await resolveLocalhostNames(api.base);
  setApiPrefix(`http://acme.localhost:${api.port}`);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const location = () => screen.getByTestId('location').textContent;
const of = (method: string, path: string) =>
  api.requests.filter((request) => request.method === method && request.path === path);
const bodies = (path: string) => of('POST', path).map((request) => JSON.parse(request.body));

describe('shared dashboard page', { timeout: 60000 }, () => {
  it('loads the dashboard without sign-in, with the link token as its bearer', async () => {
    await renderApp(`/share/dashboards/${flights.id}/${tokens.good}`);
    expect(await screen.findByRole('heading', { name: 'Flights' })).toBeInTheDocument();
    const load = of('GET', `/api/v1/share/dashboards/${flights.id}`);
    expect(load).toHaveLength(1);
    expect(load[0].headers.authorization).toBe(`Bearer ${tokens.good}`);
    expect(load[0].headers.site).toBeUndefined();
    expect(await screen.findByText('Acme Analytics')).toBeInTheDocument();

    // Each tile asks the share API for its chart with the filter values; frozen ones win.
    const path = `/api/v1/share/dashboards/${flights.id}/query`;
    await waitFor(() => expect(bodies(path)).toHaveLength(2));
    for (const request of of('POST', path)) {
      expect(request.headers.authorization).toBe(`Bearer ${tokens.good}`);
    }
    expect(bodies(path).sort((a, b) => a.chartId - b.chartId)).toEqual(
      charts.map((chart) => ({
        chartId: chart.id,
        filters: [{ filterId: 'when', value: FROZEN }],
      })),
    );
    expect(of('POST', '/api/v1/query')).toHaveLength(0);
    // The frozen range is shown and cannot be changed; the other filter can.
    expect(screen.getByLabelText('Date: from')).toBeDisabled();
    const origin = screen.getByRole('combobox', { name: 'Origin' });
    expect(origin).toBeEnabled();
    await userEvent.setup({ delay: null }).click(origin);
    expect(await screen.findByRole('option', { name: 'PDX' })).toBeInTheDocument();
    const valuesCall = of('POST', `/api/v1/share/dashboards/${flights.id}/filterValues`)[0];
    expect(JSON.parse(valuesCall.body)).toEqual({ filterId: 'from', search: '' });
    expect(valuesCall.headers.authorization).toBe(`Bearer ${tokens.good}`);
    // View only: no edit or share actions.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it.each([
    ['revoked', 'Link revoked'],
    ['expired', 'Link expired'],
    ['invalid', 'Link not valid'],
  ])('a %s link goes to its message, without data', async (reason, title) => {
    await renderApp(`/share/dashboards/${flights.id}/${tokens[reason]}`);
    await waitFor(() => expect(location()).toBe(`/messages/share/${reason}`));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(of('GET', `/api/v1/share/dashboards/${flights.id}`)[0].headers.authorization).toBe(
      `Bearer ${tokens[reason]}`,
    );
    expect(api.requests.filter((request) => request.path.endsWith('/query'))).toHaveLength(0);
  });

  it('a link for another dashboard goes to the invalid-link message', async () => {
    const other = await editorCall<Dashboard>(api, 'POST', '/api/v1/dashboards', {
      name: 'Other',
      tiles: [],
      filters: [],
      refreshSeconds: 0,
    });
    await renderApp(`/share/dashboards/${other.id}/${tokens.good}`);
    await waitFor(() => expect(location()).toBe('/messages/share/invalid'));
  });

  it('a link revoked while the page is open goes to the revoked message', async () => {
    await renderApp(`/share/dashboards/${flights.id}/${revokeWhileOpen}`);
    await waitFor(() => expect(location()).toBe('/messages/share/revoked'));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
  });
});
