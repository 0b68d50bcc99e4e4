import '../../support/chartBrowserApis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call } from '../../../api/fixtures';
import { startChartsServer, type ChartsServer } from '../../support/chartsRealServer';
import { renderApp } from '../../support/renderApp';
import { signInAs } from '../../support/realSession';

let api: ChartsServer;
beforeAll(async () => {
  // The first render loads the app and the section's chunks: slow on a busy machine.
  configure({ asyncUtilTimeout: 20000 });
  api = await startChartsServer({ dashboard: false });
  api.requests.length = 0;
});
afterAll(() => api.close());

describe('saved charts', { timeout: 90000 }, () => {
  it('lists charts with dataset and type; a viewer sees no edit controls', async () => {
    await signInAs(api, 'acme', 'viewer');
    await renderApp('/aicharts');
    const row = (await screen.findByText('Delay by origin')).closest('tr')!;
    expect(within(row).getByText('Bar')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.path.startsWith('/api/v1/datasets'))).toBe(false);

    await userEvent.setup().click(row);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/aicharts/${api.chart.id}/show`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delay by origin' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.find('POST', '/api/v1/query')).toBeDefined());
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to dashboard' })).not.toBeInTheDocument();
  });

  it('lets an editor delete a chart after confirming', async () => {
    await signInAs(api, 'acme', 'editor');
    await renderApp('/aicharts');
    const row = (await screen.findByText('Delay by origin')).closest('tr')!;
    expect(await within(row).findByText('Flights')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    const deletePath = `/api/v1/aicharts/${api.chart.id}`;
    expect(api.find('DELETE', deletePath)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(api.find('DELETE', deletePath)).toBeDefined());
    const charts = await call(api, 'GET', '/api/v1/aicharts', {
      token: api.editorToken,
      site: 'acme',
    });
    expect((charts.json as Array<{ id: number }>).map((chart) => chart.id)).not.toContain(
      api.chart.id,
    );
  });
});
