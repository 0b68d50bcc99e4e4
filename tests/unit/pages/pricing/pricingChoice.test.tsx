import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PricingPage from '../../../../src/pages/pricing/PricingPage';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderPublicPage } from '../../support/platformRender';
import { call, startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// Choosing a plan on /pricing/<token> creates the account and goes to the create-password
// link the server answers.

describe('PricingPage', () => {
  let server: PlatformServer;
  let pricingToken: string;
  let teamPlanId: number;

  beforeAll(async () => {
    server = await startPlatformServer();
    setApiPrefix(server.base);
    const registered = await call(server, 'POST', '/api/v1/register', {
      body: {
        companyName: 'Globex Corporation',
        site: 'globex',
        fullName: 'Hank Scorpio',
        email: 'hank@globex.example',
        username: 'hank',
      },
    });
    const registrationId = Number(registered.headers.get('location')?.split('/').pop());
    const approved = await call(server, 'POST', `/api/v1/registrations/${registrationId}/approve`, {
      token: await server.sessionFor('www', 'admin'),
      body: {},
    });
    pricingToken = approved.json.token;
    const plans = await call(server, 'GET', '/api/v1/public/pricingPlans');
    teamPlanId = plans.json.find((plan: { name: string }) => plan.name === 'Team').id;
  });
  afterAll(async () => {
    setApiPrefix('');
    await server.close();
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
