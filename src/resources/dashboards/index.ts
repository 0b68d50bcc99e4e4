import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Dashboards (everyone reads, editors write): a grid of chart and text tiles with filters,
// auto-refresh and share links. A dashboard opens on its edit route (/dashboards/:id), which
// shows it in view mode; editors switch to edit mode there.

export const list = lazyScreen(() => import('./DashboardList'));
export const create = lazyScreen(() => import('./DashboardCreate'));
export const edit = lazyScreen(() => import('./DashboardPage'));
export const icon = DashboardIcon;
export const recordRepresentation = 'name';
