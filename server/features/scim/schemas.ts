import { z } from 'zod';
import { routeSchemasOf } from '../../http/routeSchema';

// What identity providers send to /scim/v2, for the OpenAPI document only: the handlers check
// the bodies themselves and answer SCIM's error resource (scimResources.ts), not the API's.

const route = routeSchemasOf('SCIM provisioning');

const SCIM_USER = z.looseObject({
  schemas: z.array(z.string()).optional(),
  userName: z.string(),
  externalId: z.string().optional(),
  active: z.union([z.boolean(), z.string()]).optional(),
  displayName: z.string().optional(),
  name: z.looseObject({ formatted: z.string().optional() }).optional(),
  emails: z.array(z.looseObject({ value: z.string(), primary: z.boolean().optional() })).optional(),
});

const SCIM_GROUP = z.looseObject({
  schemas: z.array(z.string()).optional(),
  displayName: z.string(),
  members: z.array(z.looseObject({ value: z.string() })).optional(),
});

const SCIM_PATCH = z.looseObject({
  schemas: z.array(z.string()),
  Operations: z.array(
    z.looseObject({
      op: z.string().describe('add, replace or remove (any case)'),
      path: z.string().optional(),
      value: z.unknown().optional(),
    }),
  ),
});

export const SCIM_ROUTES = {
  createUser: route('Creates a user.', { handlerBody: SCIM_USER }),
  replaceUser: route("Replaces a user's attributes.", { handlerBody: SCIM_USER }),
  patchUser: route('Changes a user (active=false deactivates and ends their sessions).', {
    handlerBody: SCIM_PATCH,
  }),
  createGroup: route('Creates a group (its name maps to a role).', { handlerBody: SCIM_GROUP }),
  replaceGroup: route("Replaces a group's name and members.", { handlerBody: SCIM_GROUP }),
  patchGroup: route("Changes a group's members.", { handlerBody: SCIM_PATCH }),
};
