import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// The user's subscriptions and alerts with their latest runs (GET /api/v1/deliveries).

export const list = lazyScreen(() => import('./MyDeliveryList'));
export const icon = ScheduleSendIcon;
export const recordRepresentation = 'name';
