import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../../common/types';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { renderApp, signIn } from '../../support/renderApp';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';

// /profile inside the whole app (jsdom's root host, the platform account) against the real
// server: open to any signed-in user, behind sign-in for visitors.

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

const location = () => screen.getByTestId('location').textContent;

describe('the /profile route', { timeout: 20000 }, () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    await renderApp('/profile');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fprofile'));
  });

  it('shows the signed-in user their profile in the app frame and saves the name', async () => {
    const token = await server.sessionFor('www', 'admin');
    const me = await fetch(`${server.base}/api/v1/me`, {
      headers: { authorization: `Bearer ${token}`, site: 'www' },
    });
    const user = (await me.json()) as User;
    signIn(user);
    sessionStorage.setItem(SESSION_KEYS.token, token);

    await renderApp('/profile');
    const name = await screen.findByLabelText(/^Full name/);
    expect(name).toHaveValue(user.fullName);
    expect(location()).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Profile' })).toBeInTheDocument();

    const typing = userEvent.setup();
    await typing.clear(name);
    await typing.type(name, 'Platform Owner');
    await typing.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(async () => {
      const again = await fetch(`${server.base}/api/v1/me`, {
        headers: { authorization: `Bearer ${token}`, site: 'www' },
      });
      expect(((await again.json()) as User).fullName).toBe('Platform Owner');
    });
  });
});
