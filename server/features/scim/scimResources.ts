import { ApiError, badRequest } from '../../errors';
import type { GroupRow, ScimUserRow } from './repository';

// SCIM 2.0 (RFC 7643/7644) resources as JSON: users, groups, list answers, errors, and the
// filters identity providers send (`userName eq "…"`).

export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** A SCIM error: its scimType (RFC 7644 §3.12) rides along in the body. */
export function scimError(status: number, detail: string, scimType?: string): ApiError {
  const error = new ApiError(status, detail);
  if (scimType) error.headers['x-scim-type'] = scimType;
  return error;
}

export function errorResource(status: number, detail: string, scimType?: string) {
  return {
    schemas: [SCHEMA.error],
    status: String(status),
    ...(scimType && { scimType }),
    detail,
  };
}

export function userResource(
  row: ScimUserRow,
  groups: { id: number; display_name: string }[],
  base: string,
) {
  return {
    schemas: [SCHEMA.user],
    id: String(row.id),
    ...(row.external_id && { externalId: row.external_id }),
    userName: row.username,
    displayName: row.full_name,
    name: { formatted: row.full_name },
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    active: Boolean(row.active),
    groups: groups.map((group) => ({ value: String(group.id), display: group.display_name })),
    meta: {
      resourceType: 'User',
      created: row.created_at,
      location: `${base}/Users/${row.id}`,
    },
  };
}

export function groupResource(
  row: GroupRow,
  /** null when the request excluded them. */
  members: { id: number; username: string }[] | null,
  base: string,
) {
  return {
    schemas: [SCHEMA.group],
    id: String(row.id),
    ...(row.external_id && { externalId: row.external_id }),
    displayName: row.display_name,
    ...(members && {
      members: members.map((member) => ({ value: String(member.id), display: member.username })),
    }),
    meta: {
      resourceType: 'Group',
      created: row.created_at,
      location: `${base}/Groups/${row.id}`,
    },
  };
}

export function listResource<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCHEMA.list],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

const EQ_FILTER = /^\s*([A-Za-z.]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** `attribute eq "value"` on one of `attributes` (case-insensitive names), else 400. */
export function parseEqFilter(
  filter: string | undefined,
  attributes: readonly string[],
): { attribute: string; value: string } | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match = EQ_FILTER.exec(filter);
  const attribute = match && attributes.find((a) => a.toLowerCase() === match[1].toLowerCase());
  if (!match || !attribute) {
    throw scimError(
      400,
      `Only filters of the form ${attributes.map((a) => `${a} eq "…"`).join(' or ')} are supported.`,
      'invalidFilter',
    );
  }
  return { attribute, value: JSON.parse(`"${match[2]}"`) as string };
}

const MAX_COUNT = 200;

/** startIndex (1-based) and count of a list request. */
export function pageOf(query: { startIndex?: string; count?: string }) {
  const startIndex = query.startIndex === undefined ? 1 : Number(query.startIndex);
  const count = query.count === undefined ? 100 : Number(query.count);
  if (!Number.isInteger(startIndex)) throw badRequest('startIndex must be an integer.');
  if (!Number.isInteger(count)) throw badRequest('count must be an integer.');
  const start = Math.max(1, startIndex);
  return { startIndex: start, offset: start - 1, limit: Math.min(Math.max(0, count), MAX_COUNT) };
}

/** SCIM booleans as Azure AD sends them ("True", "False") or as JSON. */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) {
    return value.toLowerCase() === 'true';
  }
  throw scimError(400, `${attribute} must be true or false.`, 'invalidValue');
}
