import StorageIcon from '@mui/icons-material/Storage';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// The account's data sources (admins): connections, schema, uploads into the warehouse.

export const list = lazyScreen(() => import('./DataSourceList'));
export const create = lazyScreen(() => import('./DataSourceCreate'));
export const edit = lazyScreen(() => import('./DataSourceEdit'));
export const icon = StorageIcon;
export const recordRepresentation = 'name';
