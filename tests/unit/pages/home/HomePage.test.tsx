import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { formatPrice } from '../../../../src/ui/plans/planPrice';
import { renderApp } from '../../support/renderApp';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

let api: PlatformServer;
beforeAll(async () => {
  api = await startPlatformServer();
  setApiPrefix(api.base);
  // The fake plans and pages the page was written against: prices in euros, an "About us".
  await api.app.db.updateTable('pricing_plans').set({ currency: 'EUR' }).execute();
  await api.app.db
    .updateTable('info_pages')
    .set({ title: 'About us' })
    .where('slug', '=', 'about')
    .execute();
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

describe('home page', { timeout: 20000 }, () => {
  it('says what the product does and links to sign-in and registration', async () => {
    await renderApp('/home');
    expect(
      await screen.findByRole('heading', { name: 'What Brandboard does' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Charts from plain language' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/home#pricing',
    );
  });

  it('lists the plans of the public pricing endpoint', async () => {
    await renderApp('/home');
    const team = await screen.findByRole('article', { name: 'Team' });
    expect(within(team).getByText('€49')).toBeInTheDocument();
    // The same badge as on the pricing link's page (pricingChoice.test.tsx).
    expect(within(team).getByText('Recommended')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Free' })).toHaveTextContent('€0');
  });

  it('links the published information pages in the footer', async () => {
    await renderApp('/home');
    expect(await screen.findByRole('link', { name: 'About us' })).toHaveAttribute(
      'href',
      '/info/about',
    );
  });
});

describe('formatPrice', { timeout: 20000 }, () => {
  it('formats minor units in the plan currency', () => {
    expect(formatPrice(4900, 'EUR')).toBe('€49');
    expect(formatPrice(1999, 'USD')).toBe('$19.99');
    expect(formatPrice(0, 'USD')).toBe('$0');
  });
});
