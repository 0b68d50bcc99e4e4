import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { PlanLimitsList } from '../../../../src/ui/plans/PlanLimitsList';
import PricingList from '../../../../src/resources/pricing/PricingList';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// Plan limits on the plan screens (against the real server over a temporary SQLite file) and
// on the public plan card.

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

describe('plan limits on the pricing screens', { timeout: 20000 }, () => {
  it('lists the limits and saves new ones, an empty limit as unlimited', async () => {
    await signInAs(server, 'www', 'admin');
    renderScreenAt(server, {
      url: '/pricing?record=new',
      route: '/pricing',
      element: <PricingList />,
      beside: <LocationProbe />,
    });
    const free = (await screen.findByText('Free', {}, { timeout: 5000 })).closest('tr')!;
    // Free: 3 users, 5 dashboards, 2 data sources, 500 MB.
    expect(within(free).getByText('500')).toBeInTheDocument();
    const business = screen.getByText('Business').closest('tr')!;
    expect(within(business).getAllByText('Unlimited')).toHaveLength(4);

    const drawer = await screen.findByRole('region');
    const user = userEvent.setup();
    await user.type(within(drawer).getByLabelText(/^Name/), 'Starter');
    await user.type(within(drawer).getByLabelText(/^Users/), '10');
    await user.type(within(drawer).getByLabelText(/^Storage \(MB\)/), '100');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pricing$/));
    const row = await server.app.db
      .selectFrom('pricing_plans')
      .selectAll()
      .where('name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      max_users: 10,
      max_dashboards: null,
      max_data_sources: null,
      max_storage_mb: 100,
    });
  });

  it('shows the limits on the public plan card', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <PlanLimitsList
          plan={{ maxUsers: 3, maxDashboards: null, maxDataSources: 2, maxStorageMb: 10240 }}
        />
      </AdminContext>,
    );
    const limits = screen.getByLabelText('Plan limits');
    const pairs = [...limits.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Users', '3'],
      ['Dashboards', 'Unlimited'],
      ['Data sources', '2'],
      ['Storage', '10 GB'],
    ]);
  });
});
