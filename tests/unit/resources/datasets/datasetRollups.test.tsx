// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAnalyticsServer, type AnalyticsServer } from '../../support/analyticsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// The rollups of a dataset on its page, against the real server (analyticsRealServer):
// declared with messages at the field, built by the server's job, listed with their state,
// removed after a confirmation.

let api: AnalyticsServer;
beforeAll(async () => {
  api = await startAnalyticsServer();
});
afterAll(() => api.close());

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: option }),
  );
  await user.keyboard('{Escape}');
}

describe('dataset rollups', { timeout: 60000 }, () => {
  it('declares a rollup, shows it built, and removes it after confirming', async () => {
    await signInAs(api, 'acme', 'editor');
    renderApp(`/datasets/${api.flightsId}`);
    const section = await screen.findByRole('region', { name: 'Rollups' });
    expect(await within(section).findByText(/No rollups/)).toBeInTheDocument();
    const user = userEvent.setup();
    const form = within(section).getByRole('form', { name: 'Declare a rollup' });

    await choose('Time field', 'Date');
    await user.click(within(form).getByRole('button', { name: 'Add rollup' }));
    expect(within(form).getByText('Required')).toBeInTheDocument();
    expect(within(form).getByText('Choose a grain for the time field')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Rollup name'), 'Delays by origin and month');
    await choose('Grain', 'month');
    await choose('Group by', 'Origin');
    await choose('Keep', 'sum(delay)');
    await user.click(within(form).getByRole('button', { name: 'Add rollup' }));

    await waitFor(() =>
      expect(api.find('POST', `/api/v1/datasets/${api.flightsId}/rollups`)).toBeDefined(),
    );
    expect(api.json(api.find('POST', `/api/v1/datasets/${api.flightsId}/rollups`)!)).toEqual({
      name: 'Delays by origin and month',
      dimensions: ['origin'],
      timeField: 'date',
      grain: 'month',
      measures: [{ agg: 'sum', field: 'delay' }],
    });
    expect(await within(section).findByText('Ready', {}, { timeout: 30000 })).toBeInTheDocument();
    expect(
      within(section).getByText(/Groups by origin, date by month; keeps sum\(delay\)/),
    ).toBeInTheDocument();
    expect(within(section).getByText(/answered 0% of queries/)).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'Remove the rollup Delays by origin and month' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove this rollup?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await within(section).findByText(/No rollups/)).toBeInTheDocument();
  });
});
