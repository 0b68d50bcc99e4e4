import { Navigate } from 'react-router-dom';
import { HomePage } from '../public';
import { LOGIN_PATH } from './paths';
import { isRootHost } from './currentSite';

/** `/`: the home page on the root host; a tenant's sub-domain goes to its sign-in page. */
export function RootRoute() {
  if (!isRootHost()) return <Navigate to={LOGIN_PATH} replace />;
  return <HomePage />;
}
