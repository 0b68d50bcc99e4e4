import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazyScreen } from '../../routing/lazyScreen';

// Registrations of new companies (platform admin): review, accept or reject, send the
// pricing link.

export const list = lazyScreen(() => import('./RegistrationList'));
export const show = lazyScreen(() => import('./RegistrationShow'));
export const icon = HowToRegIcon;
export const recordRepresentation = 'companyName';
