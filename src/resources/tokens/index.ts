import KeyIcon from '@mui/icons-material/Key';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// API tokens of the own account (tenant admins): create (shown once), list, revoke.

export const list = lazyScreen(() => import('./TokenList'));
export const create = lazyScreen(() => import('./TokenCreate'));
export const icon = KeyIcon;
export const recordRepresentation = 'label';
