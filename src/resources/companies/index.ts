import BusinessIcon from '@mui/icons-material/Business';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Company profiles (API `companyProfiles`): the brand of each account.

export const list = lazyScreen(() => import('./CompanyList'));
export const create = lazyScreen(() => import('./CompanyCreate'));
export const edit = lazyScreen(() => import('./CompanyEdit'));
export const icon = BusinessIcon;
export const recordRepresentation = 'name';
