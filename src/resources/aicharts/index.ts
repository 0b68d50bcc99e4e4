import InsertChartIcon from '@mui/icons-material/InsertChart';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Saved charts (everyone reads, editors build): the chart builder and the list of charts.

export const list = lazyScreen(() => import('./AiChartList'));
export const create = lazyScreen(() => import('./AiChartCreate'));
export const edit = lazyScreen(() => import('./AiChartEdit'));
export const show = lazyScreen(() => import('./AiChartShow'));
export const icon = InsertChartIcon;
export const recordRepresentation = 'name';
