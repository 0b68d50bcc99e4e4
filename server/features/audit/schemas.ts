import { z } from 'zod';
import { AUDIT_LOG_ENTRY } from '../../../src/model/api/audit';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

const tags = ['audit'];

export const LIST_ENTRIES = {
  tags,
  summary: "The audit log: the account's entries, every account's for platform admins.",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(AUDIT_LOG_ENTRY).describe(LIST_ANSWER_DESCRIPTION) },
};
export const GET_ENTRY = {
  tags,
  summary: 'One audit log entry.',
  params: ID_PARAMS,
  response: { 200: AUDIT_LOG_ENTRY },
};
