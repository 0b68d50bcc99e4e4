import CampaignIcon from '@mui/icons-material/Campaign';
import { lazyScreen } from '../../routing/lazyScreen';

// Messages (platform admin). A shared prefix: the list is /messages, records open in a drawer
// on it; /messages/<type> and /messages/<type>/<id> are the public message pages.

export const list = lazyScreen(() => import('./MessageList'));
export const icon = CampaignIcon;
export const recordRepresentation = 'title';
