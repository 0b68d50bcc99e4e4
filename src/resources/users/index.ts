import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// The users of the signed-in user's account (platform admins: the platform's users).

export const list = lazyScreen(() => import('./UserList'));
export const create = lazyScreen(() => import('./UserCreate'));
export const edit = lazyScreen(() => import('./UserEdit'));
export const icon = PeopleIcon;
export const recordRepresentation = 'username';
