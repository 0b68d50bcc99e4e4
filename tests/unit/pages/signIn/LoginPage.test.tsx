// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { renderApp } from '../../support/renderApp';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { TEST_PASSWORD, build, type TestServer } from '../../../api/harness';

// The sign-in page of acme against the real server, called at acme.localhost as in a browser
// (the server knows the tenant by the host before sign-in).

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

async function fillIn(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText(/Username/), username);
  if (password) await user.type(screen.getByLabelText(/Password/), password);
  return user;
}

describe('sign-in page', { timeout: 20000 }, () => {
  it('shows the brand of the site', async () => {
    await renderApp('/login');
    expect(await screen.findByText('Acme Analytics')).toBeInTheDocument();
  });

  it('says at each field what is missing, without calling the server', async () => {
    await renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/v1/login')).toBe(false);
  });

  it("shows the server's refusal at the form and stores nothing", async () => {
    await renderApp('/login');
    const user = await fillIn('admin', 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(location()).toBe('/login');
  });

  it('submits with Enter and returns to the remembered path', async () => {
    await renderApp('/login?redirect=%2Fusers%3Fpage%3D1');
    await fillIn('admin', `${TEST_PASSWORD}{Enter}`);
    await waitFor(() => expect(location()).toBe('/users?page=1'));
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.user) ?? 'null')).toMatchObject({
      username: 'admin',
    });
    const login = api.requests.findLast((request) => request.path === '/api/v1/login');
    expect(JSON.parse(login?.body ?? '{}')).toEqual({ username: 'admin', password: TEST_PASSWORD });
  });

  it('without a remembered path, sends a tenant user to getting-started', async () => {
    await renderApp('/login');
    await fillIn('viewer', `${TEST_PASSWORD}{Enter}`);
    await waitFor(() => expect(location()).toBe('/getting-started'));
    expect(await screen.findByText('Getting started, Vera Viewer')).toBeInTheDocument();
  });
});
