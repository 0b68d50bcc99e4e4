import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { AppBar } from '../../../../src/app/layout/AppBar';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import ProfilePage from '../../../../src/pages/profile/ProfilePage';
import { renderInAdmin, signInAs } from '../../support/renderInAdmin';
import { startPlatformTestServer, type Answers } from '../../support/platformTestServer';

// The own-profile page and its entry in the app bar's user menu, against a local HTTP server
// with canned answers (the real endpoints are tested in tests/api/me.test.ts).

const ME = {
  id: 1,
  username: 'viewer',
  fullName: 'The viewer',
  email: 'x@acme.example',
  role: 'viewer',
  active: true,
  accountId: 2,
  site: 'acme',
};

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('ProfilePage', () => {
  let server: Awaited<ReturnType<typeof startPlatformTestServer>>;
  const answers: Answers = {};

  beforeEach(async () => {
    for (const key of Object.keys(answers)) delete answers[key];
    answers['GET /api/v1/me'] = { status: 200, body: ME };
    server = await startPlatformTestServer(answers);
    signInAs('viewer');
  });
  afterEach(() => server.close());

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
    answers['PUT /api/v1/me'] = { status: 200, body: { ...ME, fullName: 'Vera Viewer' } };
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
    answers['POST /api/v1/me/password'] = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'currentPassword: is not your current password.',
        field: 'currentPassword',
      },
    };
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

    answers['POST /api/v1/me/password'] = { status: 200, body: { success: true } };
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveValue(''));
    expect(JSON.parse(posts()[1].body)).toEqual({
      currentPassword: 'wrong-password-1',
      newPassword: 'a-new-password-2026',
    });
  });
});
