import TableChartIcon from '@mui/icons-material/TableChart';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Datasets (editors): a table or a SQL query over a source, with described fields.

export const list = lazyScreen(() => import('./DatasetList'));
export const create = lazyScreen(() => import('./DatasetCreate'));
export const edit = lazyScreen(() => import('./DatasetEdit'));
export const icon = TableChartIcon;
export const recordRepresentation = 'name';
