import {
  ACCOUNT,
  ACCOUNT_WITH_USAGE,
  accountCreateSchema,
  accountUpdateSchema,
} from '../../../common/api/accounts';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';

export const ACCOUNT_ROUTES = recordRouteSchemas(
  {
    tag: 'accounts',
    noun: 'account',
    record: ACCOUNT,
    detail: ACCOUNT_WITH_USAGE,
    create: accountCreateSchema,
    update: accountUpdateSchema,
  },
  {
    list: 'Every account (platform admins).',
    show: "One account, with its plan's limits and its usage.",
    create: 'Creates an account.',
    update: "Changes an account's name, plan or state (its site is fixed).",
    remove: 'Deletes an account and everything it owns.',
  },
);
