// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { build, type TestServer } from '../../../api/harness';

// On a tenant's sub-domain `/`, `/home` and `/register` are the sign-in page: a tenant's pages
// never sell the platform (no home page, no registration, no "Create an account"). The real
// server is called at acme.localhost, as in a browser.

let api: TestServer;
beforeAll(async () => {
  api = await build();
  await resolveLocalhostNames(api.base);
  setApiPrefix(`http://acme.localhost:${api.port}`);
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

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

  it('sends /home and /register to /login', async () => {
    for (const path of ['/home', '/register']) {
      const view = await renderApp(path);
      await waitFor(() => expect(location()).toBe('/login'));
      view.unmount();
    }
  });

  it('offers the password reset on the sign-in page, no account creation or product home', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByText(/Brandboard/)).toBeNull();
  });
});
