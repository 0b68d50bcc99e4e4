import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyScreen } from '../../ui/navigation/lazyScreen';
import { PROFILE_PATH } from '../../ui/navigation/paths';

const ProfilePage = lazyScreen(() => import('./ProfilePage'));

/** The own-profile page inside the app frame, for every role. */
export const profileRoutes = (
  <CustomRoutes key="profile">
    <Route path={PROFILE_PATH} element={<ProfilePage />} />
  </CustomRoutes>
);
