import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { User } from '../../../common/types';
import { SESSION_KEYS } from '../../../src/ui/api/storageKeys';

/** Shows the router's current location so tests can assert where the app went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Stores a signed-in session the way the auth provider does after sign-in. */
export function signIn(user: User): void {
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  sessionStorage.setItem(SESSION_KEYS.token, `token-${user.username}`);
}

/**
 * The whole app at `path`, in a memory router; the app is imported on first use, after the
 * test has pointed the API prefix at its server.
 */
export async function renderApp(path: string) {
  const { App } = await import('../../../src/app/App');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
