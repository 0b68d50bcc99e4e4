import { API_TOKEN, apiTokenCreateSchema, ISSUED_API_TOKEN } from '../../../common/api/tokens';
import { ID_PARAMS } from '../../http/idParams';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('tokens');

export const LIST_TOKENS = route("The signed-in user's API tokens.", listOf(API_TOKEN));
export const GET_TOKEN = route('One of your API tokens.', { params: ID_PARAMS, answer: API_TOKEN });
export const CREATE_TOKEN = route('Creates an API token; the token is answered this once.', {
  body: apiTokenCreateSchema,
  answer: ISSUED_API_TOKEN,
});
export const REVOKE_TOKEN = route('Revokes one of your API tokens.', {
  params: ID_PARAMS,
  answer: API_TOKEN,
});
