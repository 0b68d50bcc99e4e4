import { z } from 'zod';
import { API_TOKEN, apiTokenCreateSchema, ISSUED_API_TOKEN } from '../../../src/model/api/tokens';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

const tags = ['tokens'];

export const LIST_TOKENS = {
  tags,
  summary: "The signed-in user's API tokens.",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(API_TOKEN).describe(LIST_ANSWER_DESCRIPTION) },
};
export const GET_TOKEN = {
  tags,
  summary: 'One of your API tokens.',
  params: ID_PARAMS,
  response: { 200: API_TOKEN },
};
export const CREATE_TOKEN = {
  tags,
  summary: 'Creates an API token; the token is answered this once.',
  body: apiTokenCreateSchema,
  response: { 200: ISSUED_API_TOKEN },
};
export const REVOKE_TOKEN = {
  tags,
  summary: 'Revokes one of your API tokens.',
  params: ID_PARAMS,
  response: { 200: API_TOKEN },
};
