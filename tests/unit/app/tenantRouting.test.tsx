// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setApiPrefix } from '../../../src/providers/httpClient';
import { renderApp } from './renderApp';
import { startTestApiServer, type TestApiServer } from './testApiServer';

// On a tenant's sub-domain `/` is the sign-in page; `/home` still shows the home page.

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
  setApiPrefix(api.url);
});
afterAll(() => api.close());

const location = () => screen.getByTestId('location').textContent;

describe('routes on acme.localhost', { timeout: 20000 }, () => {
  it('runs on the tenant host', () => {
    expect(window.location.host).toBe('acme.localhost:3000');
  });

  it('redirects / to /login', async () => {
    await renderApp('/');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the home page at /home', async () => {
    await renderApp('/home');
    expect(
      await screen.findByRole('heading', { name: 'Your data, your dashboards, your brand' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/home');
  });

  it('links "Create an account" to the root host', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      'http://localhost:3000/register',
    );
  });
});
