import HelpIcon from '@mui/icons-material/Help';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Help sections: written by platform admins, read (published only) by every signed-in user.

export const list = lazyScreen(() => import('./HelpSectionList'));
export const create = lazyScreen(() => import('./HelpSectionCreate'));
export const edit = lazyScreen(() => import('./HelpSectionEdit'));
export const show = lazyScreen(() => import('./HelpSectionShow'));
export const icon = HelpIcon;
export const recordRepresentation = 'title';
