import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Registrations of new companies (platform admin): review, approve (pricing link by message)
// or reject with a reason, make a fresh pricing link.

export const list = lazyScreen(() => import('./RegistrationList'));
export const show = lazyScreen(() => import('./RegistrationShow'));
export const icon = HowToRegIcon;
export const recordRepresentation = 'companyName';
