import {
  ACCOUNT,
  ACCOUNT_WITH_USAGE,
  accountCreateSchema,
  accountUpdateSchema,
} from '../../../src/model/api/accounts';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';

const SCHEMAS = recordRouteSchemas({
  tag: 'accounts',
  noun: 'account',
  record: ACCOUNT,
  detail: ACCOUNT_WITH_USAGE,
  create: accountCreateSchema,
  update: accountUpdateSchema,
  summaries: {
    list: 'Every account (platform admins).',
    show: "One account, with its plan's limits and its usage.",
    create: 'Creates an account.',
    update: "Changes an account's name, plan or state (its site is fixed).",
    remove: 'Deletes an account and everything it owns.',
  },
});
export const LIST_ACCOUNTS = SCHEMAS.list;
export const GET_ACCOUNT = SCHEMAS.show;
export const CREATE_ACCOUNT = SCHEMAS.create;
export const UPDATE_ACCOUNT = SCHEMAS.update;
export const DELETE_ACCOUNT = SCHEMAS.remove;
