import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listResource, SCHEMA, scimError } from './scimResources';

// SCIM's discovery endpoints (RFC 7644 §4, RFC 7643 §5-7): what this service provider supports
// (PATCH and the `eq` filter; no bulk, sort, ETags or password changes), its two resource
// types, and the schemas of the attributes it keeps. Identity providers (Entra ID's
// validator, Okta's SCIM tester) read them before they provision.

const DISCOVERY = {
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most resources a list answers (scimResources.ts's pageOf). */
const MAX_RESULTS = 200;

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  description: string;
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
}

/** An attribute with RFC 7643 §7's defaults spelled out, as validators expect them. */
function attribute(spec: Attribute): Record<string, unknown> {
  return {
    name: spec.name,
    type: spec.type,
    multiValued: spec.multiValued ?? false,
    description: spec.description,
    required: spec.required ?? false,
    caseExact: false,
    mutability: spec.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: spec.uniqueness ?? 'none',
    ...(spec.referenceTypes && { referenceTypes: spec.referenceTypes }),
    ...(spec.subAttributes && { subAttributes: spec.subAttributes.map(attribute) }),
  };
}

const USER_ATTRIBUTES: Attribute[] = [
  {
    name: 'userName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The sign-in name, unique in the account.',
  },
  {
    name: 'name',
    type: 'complex',
    description: "The user's name; kept as one full name.",
    subAttributes: [
      { name: 'formatted', type: 'string', description: 'The full name.' },
      { name: 'givenName', type: 'string', description: 'Joined into the full name.' },
      { name: 'familyName', type: 'string', description: 'Joined into the full name.' },
    ],
  },
  { name: 'displayName', type: 'string', description: 'The full name shown in the app.' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    description: 'E-mail addresses; the primary one (else the first) is kept.',
    subAttributes: [
      { name: 'value', type: 'string', description: 'The address.' },
      { name: 'type', type: 'string', description: 'work, home or other.' },
      { name: 'primary', type: 'boolean', description: 'The address kept.' },
    ],
  },
  {
    name: 'active',
    type: 'boolean',
    description: 'false deactivates the user and ends their sessions at once.',
  },
  {
    name: 'groups',
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: 'The groups the user is in (changed through the groups).',
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'readOnly', description: 'The group id.' },
      { name: 'display', type: 'string', mutability: 'readOnly', description: 'Its name.' },
    ],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  {
    name: 'displayName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The group name: admin, editor or viewer, or a name in the role map.',
  },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: 'The users in the group; each gets the strongest role of their groups.',
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable', description: 'The user id.' },
      { name: 'display', type: 'string', mutability: 'readOnly', description: 'Its userName.' },
      {
        name: '$ref',
        type: 'reference',
        mutability: 'immutable',
        referenceTypes: ['User'],
        description: 'The URI of the user.',
      },
    ],
  },
];

const SCHEMAS = [
  { id: SCHEMA.user, name: 'User', description: 'User Account', attributes: USER_ATTRIBUTES },
  { id: SCHEMA.group, name: 'Group', description: 'Group', attributes: GROUP_ATTRIBUTES },
];

const RESOURCE_TYPES = [
  { id: 'User', endpoint: '/Users', description: 'User Account', schema: SCHEMA.user },
  { id: 'Group', endpoint: '/Groups', description: 'Group', schema: SCHEMA.group },
];

function schemaResource(schema: (typeof SCHEMAS)[number], base: string) {
  return {
    schemas: [DISCOVERY.schema],
    id: schema.id,
    name: schema.name,
    description: schema.description,
    attributes: schema.attributes.map(attribute),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${schema.id}` },
  };
}

function resourceTypeResource(type: (typeof RESOURCE_TYPES)[number], base: string) {
  return {
    schemas: [DISCOVERY.resourceType],
    id: type.id,
    name: type.id,
    endpoint: type.endpoint,
    description: type.description,
    schema: type.schema,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${type.id}` },
  };
}

function serviceProviderConfig(base: string, maxPayloadSize: number) {
  return {
    schemas: [DISCOVERY.serviceProviderConfig],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          "The account's SCIM token, made by an admin in the account's single sign-on settings.",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

/** RFC 7644 §4: a filter on a discovery endpoint is refused with 403. */
function refuseFilter(request: FastifyRequest): void {
  if ((request.query as { filter?: string }).filter !== undefined) {
    throw scimError(403, 'Filters are not supported on discovery endpoints.');
  }
}

export function registerDiscoveryRoutes(
  app: FastifyInstance,
  baseUrl: (request: FastifyRequest) => string,
  maxPayloadSize: number,
): void {
  app.get('/ServiceProviderConfig', async (request) =>
    serviceProviderConfig(baseUrl(request), maxPayloadSize),
  );

  app.get('/ResourceTypes', async (request) => {
    refuseFilter(request);
    const base = baseUrl(request);
    const types = RESOURCE_TYPES.map((type) => resourceTypeResource(type, base));
    return listResource(types, types.length, 1);
  });

  app.get('/ResourceTypes/:id', async (request) => {
    const { id } = request.params as { id: string };
    const type = RESOURCE_TYPES.find((candidate) => candidate.id === id);
    if (!type) throw scimError(404, 'No such resource type.');
    return resourceTypeResource(type, baseUrl(request));
  });

  app.get('/Schemas', async (request) => {
    refuseFilter(request);
    const base = baseUrl(request);
    const schemas = SCHEMAS.map((schema) => schemaResource(schema, base));
    return listResource(schemas, schemas.length, 1);
  });

  app.get('/Schemas/:id', async (request) => {
    const { id } = request.params as { id: string };
    const schema = SCHEMAS.find((candidate) => candidate.id === id);
    if (!schema) throw scimError(404, 'No such schema.');
    return schemaResource(schema, baseUrl(request));
  });
}
