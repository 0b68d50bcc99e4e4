import { z } from 'zod';
import {
  MANAGED_USER,
  USER_INVITATION,
  userCreateSchema,
  userUpdateSchema,
} from '../../../src/model/api/users';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';
import { updateBodySchema } from '../../http/updateBodySchema';

// The users routes' schemas. Answers are compiled into the routes' serializer
// (plugins/zodSchemas.ts): nothing undeclared (a password hash joined by mistake, say) is
// ever sent.

const tags = ['users'];

export const LIST_USERS = {
  tags,
  summary: 'The users of your account (every account for platform admins).',
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(MANAGED_USER).describe(LIST_ANSWER_DESCRIPTION) },
};
export const GET_USER = {
  tags,
  summary: 'One user.',
  params: ID_PARAMS,
  response: { 200: MANAGED_USER },
};
export const CREATE_USER = {
  tags,
  summary: 'Creates a user; without a password the user is invited.',
  body: userCreateSchema,
  response: { 200: MANAGED_USER },
};
export const INVITE_USER = {
  tags,
  summary: 'A new single-use create-password link for an invited user.',
  params: ID_PARAMS,
  response: { 200: USER_INVITATION },
};
export const UPDATE_USER = {
  tags,
  summary: 'Changes a user of your account.',
  params: ID_PARAMS,
  body: updateBodySchema(userUpdateSchema, MANAGED_USER),
  response: { 200: MANAGED_USER },
};
export const DELETE_USER = {
  tags,
  summary: 'Deletes a user of your account, with their sessions and links.',
  params: ID_PARAMS,
  response: { 200: MANAGED_USER },
};
