import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { formatMonthlyPrice } from '../../../../src/pages/home/HomePricing';
import { renderApp } from '../../support/renderApp';
import { startTestApiServer, type TestApiServer } from '../../support/testApiServer';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
  setApiPrefix(api.url);
});
afterAll(() => api.close());

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
    expect(within(team).getByText('Most popular')).toBeInTheDocument();
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

describe('formatMonthlyPrice', { timeout: 20000 }, () => {
  it('formats minor units in the plan currency', () => {
    expect(formatMonthlyPrice(4900, 'EUR')).toBe('€49');
    expect(formatMonthlyPrice(1999, 'USD')).toBe('$19.99');
  });
});
