import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Tenants of the installation (platform admins only): { site, name, plan, planId, active };
// the edit screen shows usage against the plan and suspends or reactivates.

export const list = lazyScreen(() => import('./AccountList'));
export const create = lazyScreen(() => import('./AccountCreate'));
export const edit = lazyScreen(() => import('./AccountEdit'));
export const icon = ApartmentIcon;
export const recordRepresentation = 'name';
