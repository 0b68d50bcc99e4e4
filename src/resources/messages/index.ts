import CampaignIcon from '@mui/icons-material/Campaign';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Messages: the account's sent messages for everyone, and the platform admin's announcements.
// A shared prefix: the list is /messages, records open in a drawer or in place on it;
// /messages/<type> and /messages/<type>/<id> are the public message pages.

export const list = lazyScreen(() => import('./MessagesScreen'));
export const icon = CampaignIcon;
export const recordRepresentation = 'title';
