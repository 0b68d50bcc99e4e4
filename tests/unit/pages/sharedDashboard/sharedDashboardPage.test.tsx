// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REVOKED_WHILE_OPEN,
  SHARE_TOKEN,
  type DashboardTestServer,
} from '../../support/dashboardTestServer';
import { queryBodies, renderAs, startServerForApp } from '../../support/renderDashboards';

let api: DashboardTestServer;
beforeAll(async () => {
  api = await startServerForApp();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const location = () => screen.getByTestId('location').textContent;

describe('shared dashboard page', { timeout: 60000 }, () => {
  it('loads the dashboard without sign-in, with the link token as its bearer', async () => {
    await renderAs(null, `/share/dashboards/5/${SHARE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Flights' })).toBeInTheDocument();
    const load = api.of('GET', '/api/v1/share/dashboards/5');
    expect(load).toHaveLength(1);
    expect(load[0].headers.authorization).toBe(`Bearer ${SHARE_TOKEN}`);
    expect(load[0].headers.site).toBeUndefined();
    expect(await screen.findByText('Acme Analytics')).toBeInTheDocument();

    // Each tile asks the share API for its chart with the filter values; frozen ones win.
    const path = '/api/v1/share/dashboards/5/query';
    await waitFor(() => expect(queryBodies(api, path)).toHaveLength(2));
    for (const request of api.of('POST', path)) {
      expect(request.headers.authorization).toBe(`Bearer ${SHARE_TOKEN}`);
    }
    expect(queryBodies(api, path).sort((a, b) => a.chartId - b.chartId)).toEqual([
      { chartId: 11, filters: [{ filterId: 'when', value: ['2001-02-01', '2001-02-28'] }] },
      { chartId: 12, filters: [{ filterId: 'when', value: ['2001-02-01', '2001-02-28'] }] },
    ]);
    expect(api.of('POST', '/api/v1/query')).toHaveLength(0);
    // The frozen range is shown and cannot be changed; the other filter can.
    expect(screen.getByLabelText('Date: from')).toBeDisabled();
    const origin = screen.getByRole('combobox', { name: 'Origin' });
    expect(origin).toBeEnabled();
    await userEvent.setup({ delay: null }).click(origin);
    expect(await screen.findByRole('option', { name: 'PDX' })).toBeInTheDocument();
    const valuesCall = api.of('POST', '/api/v1/share/dashboards/5/filterValues')[0];
    expect(JSON.parse(valuesCall.body)).toEqual({ filterId: 'from', search: '' });
    expect(valuesCall.headers.authorization).toBe(`Bearer ${SHARE_TOKEN}`);
    // View only: no edit or share actions.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it.each([
    ['share-token-revoked', 'revoked', 'Link revoked'],
    ['share-token-expired', 'expired', 'Link expired'],
    ['share-token-other', 'invalid', 'Link not valid'],
  ])('a %s link goes to the %s message, without data', async (token, reason, title) => {
    await renderAs(null, `/share/dashboards/5/${token}`);
    await waitFor(() => expect(location()).toBe(`/messages/share/${reason}`));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(api.of('GET', '/api/v1/share/dashboards/5')[0].headers.authorization).toBe(
      `Bearer ${token}`,
    );
    expect(api.requests.filter((request) => request.path.endsWith('/query'))).toHaveLength(0);
  });

  it('a link for another dashboard goes to the invalid-link message', async () => {
    await renderAs(null, `/share/dashboards/6/${SHARE_TOKEN}`);
    await waitFor(() => expect(location()).toBe('/messages/share/invalid'));
  });

  it('a link revoked while the page is open goes to the revoked message', async () => {
    await renderAs(null, `/share/dashboards/5/${REVOKED_WHILE_OPEN}`);
    await waitFor(() => expect(location()).toBe('/messages/share/revoked'));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
  });
});
