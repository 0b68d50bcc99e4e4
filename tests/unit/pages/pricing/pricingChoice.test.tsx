import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PricingPage from '../../../../src/pages/pricing/PricingPage';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderPublicPage } from '../../support/platformRender';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { approvedRegistration, planId } from '../../support/platformRegistrations';

// Choosing a plan on /pricing/<token> creates the account and goes to the create-password
// link the server answers.

describe('PricingPage', () => {
  let server: PlatformServer;
  let pricingToken: string;
  let teamPlanId: number;

  beforeAll(async () => {
    server = await startPlatformServer();
    setApiPrefix(server.base);
    pricingToken = await approvedRegistration(server);
    teamPlanId = await planId(server, 'Team');
  });
  afterAll(async () => {
    setApiPrefix('');
    await server.close();
  });

  it('shows prices and the highlight badge as the home page does ($0, Recommended)', async () => {
    renderPublicPage('/pricing/:token', `/pricing/${pricingToken}`, <PricingPage />);
    const team = await screen.findByRole('article', { name: 'Team' });
    expect(within(team).getByText('$49')).toBeInTheDocument();
    expect(within(team).getByText('Recommended')).toBeInTheDocument();
    const free = screen.getByRole('article', { name: 'Free' });
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(free).not.toHaveTextContent('$0.00');
    cleanup();
  });

  it('creates the account with the chosen plan and goes to its create-password link', async () => {
    renderPublicPage('/pricing/:token', `/pricing/${pricingToken}`, <PricingPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Choose Team' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/\/create-password\/[\w-]{40,}$/),
    );
    const sent = server.requests.find((r) => r.path === '/node/api/v1/accountRegistrations');
    expect(JSON.parse(sent!.body)).toEqual({ plan: teamPlanId, registrationToken: pricingToken });
  });
});
