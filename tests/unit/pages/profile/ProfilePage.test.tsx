import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { AppBar } from '../../../../src/app/layout/AppBar';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import ProfilePage from '../../../../src/pages/profile/ProfilePage';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderInAdmin } from '../../support/renderInAdmin';
import { signInAs } from '../../support/realServerScreens';
import { TEST_PASSWORD } from '../../../api/harness';
import { call, startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// The own-profile page and its entry in the app bar's user menu, against the real server as
// acme's viewer (the endpoints themselves are tested in tests/api/me).

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('ProfilePage', () => {
  let server: PlatformServer;

  beforeAll(async () => {
    server = await startPlatformServer();
    setApiPrefix(server.base);
  });
  afterAll(async () => {
    setApiPrefix('');
    await server.close();
  });
  beforeEach(async () => {
    const token = await signInAs(server, 'acme', 'viewer');
    const named = await call(server, 'PUT', '/api/v1/me', {
      token,
      site: 'acme',
      body: { fullName: 'The viewer' },
    });
    expect(named.status).toBe(200);
    server.requests.length = 0;
  });

  const posts = () => server.requests.filter((request) => request.method !== 'GET');

  it('opens from "My profile" in the user menu', async () => {
    renderInAdmin(
      <>
        <AppBar />
        <LocationProbe />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My profile' }));
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it('saves the full name and keeps it for the app bar', async () => {
    renderInAdmin(<ProfilePage />, { path: '/profile' });
    const name = await screen.findByLabelText(/^Full name/);
    expect(name).toHaveValue('The viewer');
    expect(screen.getByLabelText('Username')).toBeDisabled();
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, ' Vera Viewer ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ method: 'PUT', path: '/api/v1/me' });
    expect(JSON.parse(posts()[0].body)).toEqual({ fullName: 'Vera Viewer' });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.user)!).fullName).toBe('Vera Viewer'),
    );
  });

  it('checks the new password before calling the server', async () => {
    renderInAdmin(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'old-password-12');
    await user.type(screen.getByLabelText(/^New password \*/), 'short');
    await user.type(screen.getByLabelText(/^New password again/), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('At least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('The two new passwords differ')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('shows a wrong current password at its field, then changes the password', async () => {
    renderInAdmin(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const current = await screen.findByLabelText(/^Current password/);
    await user.type(current, 'wrong-password-1');
    await user.type(screen.getByLabelText(/^New password \*/), 'a-new-password-2026');
    await user.type(screen.getByLabelText(/^New password again/), 'a-new-password-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('currentPassword: is not your current password.'),
    ).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveValue(''));
    expect(JSON.parse(posts()[1].body)).toEqual({
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-password-2026',
    });
  });
});
