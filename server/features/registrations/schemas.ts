import { z } from 'zod';
import {
  ACCOUNT_CREATED,
  ACCOUNT_REGISTRATION_BODY,
  APPROVED_REGISTRATION,
  PENDING_REGISTRATION,
  PRICING_LINK,
  REGISTER_BODY,
  REGISTRATION,
  REGISTRATION_REJECT_BODY,
  REGISTRATION_UPDATE_BODY,
} from '../../../src/model/api/registrations';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';

// The route schemas of the registration routes; the payloads are in the shared model.

const tags = ['registrations'];

export const REGISTER = {
  tags,
  summary: 'Register a company (an anonymous visitor); the platform admin decides',
  body: REGISTER_BODY,
  response: { 200: z.literal(true).describe('Location: the registration-received page') },
};

export const PUBLIC_REGISTRATION = {
  tags,
  summary: 'The registration a pricing link is for',
  params: z.object({ token: z.string() }),
  response: { 200: PENDING_REGISTRATION },
};

export const CREATE_ACCOUNT = {
  tags,
  summary: 'Create the account of an approved registration with the plan picked',
  body: ACCOUNT_REGISTRATION_BODY,
  response: { 200: ACCOUNT_CREATED },
};

const SCHEMAS = recordRouteSchemas({
  tag: 'registrations',
  noun: 'registration',
  record: REGISTRATION,
  update: REGISTRATION_UPDATE_BODY,
  summaries: {
    list: 'List registrations',
    show: 'Read one registration',
    update: 'Change the status of a registration (approve, reject, reopen)',
    remove: 'Delete a registration',
  },
});
export const LIST = SCHEMAS.list;
export const SHOW = SCHEMAS.show;
export const UPDATE = SCHEMAS.update;
export const REMOVE = SCHEMAS.remove;

export const APPROVE = {
  tags,
  summary: 'Approve a registration: a pricing link, answered once',
  params: ID_PARAMS,
  response: { 200: APPROVED_REGISTRATION },
};

export const REJECT = {
  tags,
  summary: 'Reject a registration with a reason',
  params: ID_PARAMS,
  body: REGISTRATION_REJECT_BODY,
  response: { 200: REGISTRATION },
};

export const PRICING_LINK_ROUTE = {
  tags,
  summary: 'A fresh pricing link for an approved registration',
  params: ID_PARAMS,
  response: { 200: PRICING_LINK },
};
