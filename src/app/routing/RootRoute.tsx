import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { HomePage } from '../../pages';
import { LOGIN_PATH } from '../../ui/navigation/paths';
import { isRootHost } from '../../ui/session/currentSite';

/**
 * A page of the platform's own (its home, registration): shown on the root host; a tenant's
 * sub-domain, whose pages never sell the platform, goes to its sign-in page instead.
 */
export function RootHostOnly({ children }: { children: ReactNode }) {
  if (!isRootHost()) return <Navigate to={LOGIN_PATH} replace />;
  return children;
}

/** `/` and `/home`: the home page on the root host; a tenant's sub-domain goes to sign-in. */
export function RootRoute() {
  return (
    <RootHostOnly>
      <HomePage />
    </RootHostOnly>
  );
}
