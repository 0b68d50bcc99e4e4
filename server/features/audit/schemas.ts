import { AUDIT_LOG_ENTRY } from '../../../common/api/audit';
import { ID_PARAMS } from '../../http/idParams';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('audit');

export const LIST_ENTRIES = route(
  "The audit log: the account's entries, every account's for platform admins.",
  listOf(AUDIT_LOG_ENTRY),
);
export const GET_ENTRY = route('One audit log entry.', {
  params: ID_PARAMS,
  answer: AUDIT_LOG_ENTRY,
});
