import InfoIcon from '@mui/icons-material/Info';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Information pages (platform admin). A shared prefix: the list is /info, records open in a
// drawer on it; /info/<slug> is the public page.

export const list = lazyScreen(() => import('./InfoList'));
export const icon = InfoIcon;
export const recordRepresentation = 'title';
