import SellIcon from '@mui/icons-material/Sell';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Pricing plans (platform admin). A shared prefix: the list is /pricing, records open in a
// drawer on it; /pricing/<token> is the public pricing page.

export const list = lazyScreen(() => import('./PricingList'));
export const icon = SellIcon;
export const recordRepresentation = 'name';
