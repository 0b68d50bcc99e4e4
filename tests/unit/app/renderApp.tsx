import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../../src/App';
import type { User } from '../../../src/model/types';
import { SESSION_KEYS } from '../../../src/providers/storageKeys';

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

/** The whole app at `path`, in a memory router. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
