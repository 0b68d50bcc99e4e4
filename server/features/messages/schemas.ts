import { ACCOUNT_MESSAGE, ANNOUNCEMENT_SENT } from '../../../common/api/messages';
import { ID_PARAMS } from '../../http/idParams';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('messages');

export const LIST = route(
  "List the messages of the account's outbox the signed-in user may read",
  listOf(ACCOUNT_MESSAGE),
);

export const SHOW = route("Read one message of the account's outbox", {
  params: ID_PARAMS,
  answer: ACCOUNT_MESSAGE,
});

export const SEND_ANNOUNCEMENT = route(
  'Send a published announcement to every active user of every tenant',
  { params: ID_PARAMS, answer: ANNOUNCEMENT_SENT },
);
