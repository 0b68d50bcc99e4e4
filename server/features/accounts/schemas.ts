import { z } from 'zod';
import { ACCOUNT, ACCOUNT_WITH_USAGE, accountCreateSchema } from '../../../src/model/api/accounts';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// An update body is checked by parseUpdate (it may echo the read-only fields it was read with).

const tags = ['accounts'];

export const LIST_ACCOUNTS = {
  tags,
  summary: 'Every account (platform admins).',
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(ACCOUNT).describe(LIST_ANSWER_DESCRIPTION) },
};
export const GET_ACCOUNT = {
  tags,
  summary: "One account, with its plan's limits and its usage.",
  params: ID_PARAMS,
  response: { 200: ACCOUNT_WITH_USAGE },
};
export const CREATE_ACCOUNT = {
  tags,
  summary: 'Creates an account.',
  body: accountCreateSchema,
  response: { 200: ACCOUNT },
};
export const UPDATE_ACCOUNT = {
  tags,
  summary: "Changes an account's name, plan or state (its site is fixed).",
  params: ID_PARAMS,
  response: { 200: ACCOUNT_WITH_USAGE },
};
export const DELETE_ACCOUNT = {
  tags,
  summary: 'Deletes an account and everything it owns.',
  params: ID_PARAMS,
  response: { 200: ACCOUNT },
};
