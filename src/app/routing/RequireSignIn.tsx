import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthState, usePermissions } from 'react-admin';
import { TopProgressBar } from '../../ui/TopProgressBar';
import { loginUrlFor } from '../../ui/api/browserNavigation';
import { isProtectedPath } from '../../ui/navigation/paths';

/**
 * The role is read before the session is verified; when the server only now confirmed a
 * session (a reload with a token but no stored user), read it again so the sections appear.
 */
function useRefreshRoleAfterVerification(authenticated: boolean) {
  const { permissions, isPending, refetch } = usePermissions();
  const missingRole = authenticated && !isPending && permissions == null;
  useEffect(() => {
    if (missingRole) void refetch();
  }, [missingRole, refetch]);
}

/**
 * The gate in front of every protected section. An unknown path goes to `/` (signed in or
 * not); otherwise the auth provider checks the session (the stored user, else `verifyLogin`
 * with the server) and a visitor without an active user goes to `/login?redirect=<path>`.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const isSectionPath = isProtectedPath(location.pathname);
  const { authenticated, isPending, isFetching } = useAuthState(undefined, false, {
    enabled: isSectionPath,
  });

  useRefreshRoleAfterVerification(authenticated === true);

  if (!isSectionPath) return <Navigate to="/" replace />;
  // A cached failure from before sign-in is being re-checked: wait for the fresh answer.
  if (isPending || (!authenticated && isFetching)) return <TopProgressBar />;
  if (!authenticated) {
    return <Navigate to={loginUrlFor(`${location.pathname}${location.search}`)} replace />;
  }
  return <>{children}</>;
}
