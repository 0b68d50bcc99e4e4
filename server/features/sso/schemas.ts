import { z } from 'zod';
import { LOGIN_ANSWER, OK } from '../../../common/api/auth';
import { ID_PARAMS } from '../../http/idParams';
import {
  DISCOVERY_ANSWER,
  PLATFORM_SSO_STATE,
  discoveryCheckSchema,
  SCIM_TOKEN_ANSWER,
  SIGN_IN_OPTIONS,
  SSO_OVERVIEW,
  ssoSettingsSchema,
  ssoTicketSchema,
  type PlatformSsoRepair,
} from '../../../common/api/sso';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('sso');

export const GET_SSO = route("The account's single sign-on settings and SCIM address.", {
  answer: SSO_OVERVIEW,
});
export const PUT_SSO = route("Saves the account's single sign-on settings.", {
  body: ssoSettingsSchema,
  answer: SSO_OVERVIEW,
});
export const CHECK_DISCOVERY = route("Reads an issuer's OpenID discovery document.", {
  body: discoveryCheckSchema,
  answer: DISCOVERY_ANSWER,
});
export const ROTATE_SCIM_TOKEN = route(
  'Makes a new SCIM bearer token for the account (the old one stops working); shown once.',
  { answer: SCIM_TOKEN_ANSWER },
);
export const SIGN_IN_OPTIONS_ROUTE = route('How the sign-in page of the site may sign in.', {
  answer: SIGN_IN_OPTIONS,
});
export const START_SSO = route(
  "Starts single sign-on: redirects to the account's identity provider.",
  {},
);
export const SSO_CALLBACK = route(
  'Where the identity provider returns; redirects to the sign-in page with a ticket or an error.',
  {
    querystring: z.object({
      code: z.string().max(4000).optional(),
      state: z.string().max(1000).optional(),
      error: z.string().max(200).optional(),
    }),
  },
);
export const SSO_SESSION = route('Trades the one-time ticket of a single sign-on for a session.', {
  body: ssoTicketSchema,
  answer: LOGIN_ANSWER,
});
export const GET_ACCOUNT_SSO = route(
  "A tenant's single sign-on state (platform admins): whether it is on, its provider, and whether passwords may be used.",
  { params: ID_PARAMS, answer: PLATFORM_SSO_STATE },
);
export const REPAIR_ACCOUNT_SSO: Record<PlatformSsoRepair, ReturnType<typeof repairRoute>> = {
  allowPasswords: repairRoute(
    "Turns a tenant's password sign-in back on (platform admins; audited).",
  ),
  disable: repairRoute(
    "Turns a tenant's single sign-on off and its password sign-in on (platform admins; audited).",
  ),
};
function repairRoute(summary: string) {
  return route(summary, { params: ID_PARAMS, answer: PLATFORM_SSO_STATE });
}
export { OK };
