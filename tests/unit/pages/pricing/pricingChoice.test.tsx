import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PricingPage from '../../../../src/pages/pricing/PricingPage';
import { renderPublicPage } from '../../support/platformRender';
import { startPlatformTestServer, type Answers } from '../../support/platformTestServer';

// Choosing a plan on /pricing/<token> creates the account and goes to the create-password
// link the server answers.

const TOKEN = 'pricing-token-0123456789abcdef';

describe('PricingPage', () => {
  let server: Awaited<ReturnType<typeof startPlatformTestServer>>;
  const answers: Answers = {};

  beforeEach(async () => {
    answers[`GET /api/v1/public/registrations/${TOKEN}`] = {
      status: 200,
      body: {
        companyName: 'Globex Corporation',
        site: 'globex',
        email: 'hank@globex.example',
        status: 'approved',
        accountCreated: false,
      },
    };
    answers['GET /api/v1/public/pricingPlans'] = {
      status: 200,
      body: [
        {
          id: 2,
          name: 'Team',
          priceMonthly: 4900,
          currency: 'USD',
          features: [],
          highlighted: true,
        },
      ],
    };
    answers['POST /node/api/v1/accountRegistrations'] = {
      status: 200,
      body: { id: 9, status: 'created', createPasswordPath: '/create-password/invitation-id-42' },
    };
    server = await startPlatformTestServer(answers);
  });
  afterEach(() => server.close());

  it('creates the account with the chosen plan and goes to its create-password link', async () => {
    renderPublicPage('/pricing/:token', `/pricing/${TOKEN}`, <PricingPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Choose Team' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/create-password/invitation-id-42'),
    );
    const sent = server.requests.find((r) => r.path === '/node/api/v1/accountRegistrations');
    expect(JSON.parse(sent!.body)).toEqual({ plan: 2, registrationToken: TOKEN });
  });
});
