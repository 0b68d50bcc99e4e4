import { CHECKLIST, DISMISS_BODY } from '../../../common/api/gettingStarted';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('gettingStarted');

export const SHOW = route("The getting-started checklist of the signed-in user's account", {
  answer: CHECKLIST,
});

export const DISMISS = route('Hide the checklist for the signed-in user, or show it again', {
  body: DISMISS_BODY,
  answer: CHECKLIST,
});
