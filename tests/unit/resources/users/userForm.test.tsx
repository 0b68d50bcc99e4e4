import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { signInAs } from '../../support/realSession';
import { build, type TestServer } from '../../../api/harness';

// The users section of acme's admin against the real server (seeded acme users).

let api: TestServer;
beforeAll(async () => {
  api = await build();
  setApiPrefix(api.base);
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

describe('user create form', { timeout: 20000 }, () => {
  it('shows validation messages at the fields and sends nothing', async () => {
    await signInAs(api, 'acme', 'admin');
    await renderApp('/users/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), 'new.user');
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-address');
    await user.type(screen.getByLabelText(/^Password/), 'too short');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Must be a valid e-mail address')).toBeInTheDocument();
    expect(
      screen.getByText('The password must be at least 12 characters long'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2); // full name, role
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/v1/users')).toBe(false);
  });

  it("offers an admin their tenant's roles only", async () => {
    await signInAs(api, 'acme', 'admin');
    await renderApp('/users/create');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Role/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    const names = options.map((option) => option.textContent).filter((name) => name !== '');
    expect(names).toEqual(['Administrator', 'Editor', 'Viewer']);
  });
});

describe('users list', { timeout: 20000 }, () => {
  it("lists the account's users from the API", async () => {
    await signInAs(api, 'acme', 'admin');
    await renderApp('/users');
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Vera Viewer')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/v1/users' && r.method === 'GET')).toBe(true),
    );
  });
});
