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
} from '../../../common/api/registrations';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('registrations');

export const REGISTER = route(
  'Register a company (an anonymous visitor); the platform admin decides',
  {
    body: REGISTER_BODY,
    answer: z.literal(true).describe('Location: the registration-received page'),
  },
);

export const PUBLIC_REGISTRATION = route('The registration a pricing link is for', {
  params: z.object({ token: z.string() }),
  answer: PENDING_REGISTRATION,
});

export const CREATE_ACCOUNT = route(
  'Create the account of an approved registration with the plan picked',
  { body: ACCOUNT_REGISTRATION_BODY, answer: ACCOUNT_CREATED },
);

export const REGISTRATION_ROUTES = recordRouteSchemas(
  {
    tag: 'registrations',
    noun: 'registration',
    record: REGISTRATION,
    update: REGISTRATION_UPDATE_BODY,
  },
  {
    list: 'List registrations',
    show: 'Read one registration',
    update: 'Change the status of a registration (approve, reject, reopen)',
    remove: 'Delete a registration',
  },
);

export const APPROVE = route('Approve a registration: a pricing link, answered once', {
  params: ID_PARAMS,
  answer: APPROVED_REGISTRATION,
});

export const REJECT = route('Reject a registration with a reason', {
  params: ID_PARAMS,
  body: REGISTRATION_REJECT_BODY,
  answer: REGISTRATION,
});

export const PRICING_LINK_ROUTE = route('A fresh pricing link for an approved registration', {
  params: ID_PARAMS,
  answer: PRICING_LINK,
});
