import { Navigate, useLocation } from 'react-router-dom';
import { canAccess } from '../../../common/sections';
import { getStoredUser } from '../../ui/session/authProvider';
import { TopProgressBar } from '../../ui/TopProgressBar';
import { sectionOfPath } from '../../ui/navigation/paths';

/**
 * Any path no route claims goes to `/`. The one exception: a section the signed-in user may
 * use whose resource is still being registered (right after sign-in), which shows progress
 * until its route exists instead of losing the remembered path.
 */
export function CatchAll() {
  const { pathname } = useLocation();
  const section = sectionOfPath(pathname);
  const user = getStoredUser();
  if (section !== null && user !== null && canAccess(user.role, section, 'read')) {
    return <TopProgressBar />;
  }
  return <Navigate to="/" replace />;
}
