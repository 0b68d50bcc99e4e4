import {
  CREATED_USER,
  MANAGED_USER,
  USER_INVITATION,
  userCreateSchema,
  userUpdateSchema,
} from '../../../common/api/users';
import { ID_PARAMS } from '../../http/idParams';
import { updateBodySchema } from '../../http/updateBodySchema';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

// The users routes' schemas. Answers are compiled into the routes' serializer
// (plugins/zodSchemas.ts): nothing undeclared (a password hash joined by mistake, say) is
// ever sent.

const route = routeSchemasOf('users');

export const LIST_USERS = route(
  'The users of your account (every account for platform admins).',
  listOf(MANAGED_USER),
);
export const GET_USER = route('One user.', { params: ID_PARAMS, answer: MANAGED_USER });
export const CREATE_USER = route('Creates a user; without a password the user is invited.', {
  body: userCreateSchema,
  answer: CREATED_USER,
});
export const INVITE_USER = route('A new single-use create-password link for an invited user.', {
  params: ID_PARAMS,
  answer: USER_INVITATION,
});
export const UPDATE_USER = route('Changes a user of your account.', {
  params: ID_PARAMS,
  body: updateBodySchema(userUpdateSchema, MANAGED_USER),
  answer: MANAGED_USER,
});
export const DELETE_USER = route('Deletes a user of your account, with their sessions and links.', {
  params: ID_PARAMS,
  answer: MANAGED_USER,
});
