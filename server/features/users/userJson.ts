import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../../../src/model/types';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// The shape of a User in answers. Its JSON Schema compiles into the users routes' serializer
// (plugins/zodSchemas.ts): faster than JSON.stringify for a page of users, and nothing else
// (a password hash joined by mistake, say) can ever be sent.

const USER = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  accountId: z.number().int(),
  site: z.string(),
  status: z.enum(USER_STATUSES),
});

export const USER_RESPONSE = { tags: ['users'], response: { 200: USER } };
export const USER_LIST_RESPONSE = {
  tags: ['users'],
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(USER).describe(LIST_ANSWER_DESCRIPTION) },
};
