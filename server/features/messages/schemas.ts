import { z } from 'zod';
import { ACCOUNT_MESSAGE, ANNOUNCEMENT_SENT } from '../../../src/model/api/messages';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// The route schemas of the message routes; the answers are in the shared model.

const tags = ['messages'];

export const LIST = {
  tags,
  summary: "List the messages of the account's outbox the signed-in user may read",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(ACCOUNT_MESSAGE).describe(LIST_ANSWER_DESCRIPTION) },
};

export const SHOW = {
  tags,
  summary: "Read one message of the account's outbox",
  params: ID_PARAMS,
  response: { 200: ACCOUNT_MESSAGE },
};

export const SEND_ANNOUNCEMENT = {
  tags,
  summary: 'Send a published announcement to every active user of every tenant',
  params: ID_PARAMS,
  response: { 200: ANNOUNCEMENT_SENT },
};
