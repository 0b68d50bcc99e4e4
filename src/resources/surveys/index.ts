import PollIcon from '@mui/icons-material/Poll';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Surveys: editors build, publish and close them; every user of the account answers the
// published ones (the show page); editors read the results there too.

export const list = lazyScreen(() => import('./SurveyList'));
export const create = lazyScreen(() => import('./SurveyCreate'));
export const edit = lazyScreen(() => import('./SurveyEdit'));
export const show = lazyScreen(() => import('./SurveyShow'));
export const icon = PollIcon;
export const recordRepresentation = 'name';
