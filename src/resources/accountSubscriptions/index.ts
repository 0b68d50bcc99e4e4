import ScheduleSendIcon from '@mui/icons-material/ScheduleSendOutlined';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Admins: every subscription and alert of the account with their latest runs.

export const list = lazyScreen(() => import('./AccountDeliveryList'));
export const icon = ScheduleSendIcon;
export const recordRepresentation = 'name';
