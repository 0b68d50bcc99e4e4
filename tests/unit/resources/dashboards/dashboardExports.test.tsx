// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../common/charts';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// The dashboard's Download menu and the tile's Excel export against the real server: the
// requests carry the filter values the page shows, a workbook is saved under the chart's
// name, and a render the server cannot make is said in words.

let api: DashboardsServer;
let flights: Dashboard;
const saved: Array<{ name: string }> = [];

beforeAll(async () => {
  api = await startDashboardsServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  flights = await api.resetDashboards();
  api.requests.length = 0;
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => {
        saved.push({ name: '' });
        return 'blob:export';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved[saved.length - 1].name = this.download;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The page's first paint loads its chunks: slow on a machine under load. */
const FIRST_PAINT_MS = 60000;
const bodiesOf = (path: string) => api.of('POST', path).map((request) => JSON.parse(request.body));

describe('dashboard exports', { timeout: 120000 }, () => {
  it("saves a chart's data as XLSX with the dashboard's filter values", async () => {
    await signInAs(api, 'acme', 'viewer');
    await renderApp(`/dashboards/${flights.id}`);
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Actions of Flights by origin' },
        { timeout: FIRST_PAINT_MS },
      ),
    );
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', {
        name: 'Export Excel (XLSX)',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved).toEqual([{ name: 'flights-by-origin.xlsx' }]);
    expect(screen.queryByText(/The export failed/)).toBeNull();
    const chartId = api.charts.find((chart) => chart.name === 'Flights by origin')!.id;
    const [body] = bodiesOf(`/api/v1/aicharts/${chartId}/export`);
    expect(body).toMatchObject({ format: 'xlsx', dashboardId: flights.id });
    expect(body.filters).toEqual(
      expect.arrayContaining([{ filterId: expect.any(String), value: expect.any(Array) }]),
    );
  });

  it('asks for a PDF of the dashboard and says why none came', async () => {
    await signInAs(api, 'acme', 'viewer');
    await renderApp(`/dashboards/${flights.id}`);
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Download' }, { timeout: FIRST_PAINT_MS }),
    );
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'PDF document' }),
    );
    // This server has no built web app to render: the export fails, saying so.
    expect(
      await screen.findByText(
        'The export failed: The web app that renders dashboards is not available.',
        undefined,
        { timeout: 30000 },
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(`/api/v1/dashboards/${flights.id}/export`)).toEqual([
      expect.objectContaining({ format: 'pdf' }),
    ]);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });
});
