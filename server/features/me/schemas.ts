import { passwordChangeSchema, profileUpdateSchema } from '../../../common/api/me';
import { SUCCESS } from '../../../common/api/auth';
import { USER } from '../../../common/api/users';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('me');

export const GET_ME = route('The signed-in user.', { answer: USER });
export const UPDATE_ME = route("Changes the signed-in user's full name or language.", {
  body: profileUpdateSchema,
  answer: USER,
});
export const CHANGE_PASSWORD = route(
  "Changes the signed-in user's password; their other sign-in sessions end.",
  { body: passwordChangeSchema, answer: SUCCESS },
);
