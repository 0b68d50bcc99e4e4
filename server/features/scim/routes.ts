import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import { SSO_ROLES, type SsoRole } from '../../../common/api/sso';
import type { UsersTable } from '../../db/schema';
import { findSsoSettings, type SsoSettingsRow } from '../../db/ssoSettings';
import { nowIso } from '../../db/schema';
import { hashToken } from '../../http/tokens';
import { scimRequestLimit } from '../../plugins/rateLimits';
import { deleteUser, insertUser } from '../users/repository';
import {
  accountUserIds,
  addMembers,
  deleteGroup,
  findGroup,
  findScimUser,
  groupMembers,
  groupsOfUser,
  insertGroup,
  listGroups,
  listScimUsers,
  removeAllMembers,
  removeFromGroups,
  removeMembers,
  setRole,
  updateGroup,
  updateScimUser,
  usernameTakenByOther,
  type GroupRow,
  type ScimUserRow,
} from './repository';
import {
  booleanOf,
  errorResource,
  groupResource,
  listResource,
  pageOf,
  parseEqFilter,
  SCIM_CONTENT_TYPE,
  scimError,
  userResource,
} from './scimResources';
import { registerDiscoveryRoutes } from './discovery';
import { SCIM_ROUTES } from './schemas';

// SCIM 2.0 provisioning of an account at /scim/v2 on its site: an identity provider creates,
// updates, deactivates and deletes users and manages groups, each mapped to a role. It
// authenticates with the account's SCIM bearer token (only its hash is stored). Every error
// answers SCIM's error schema.

const BASE = '/scim/v2';
const BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    scimSettings: SsoSettingsRow | null;
  }
}

type Body = Record<string, unknown>;

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const account = request.account;
  const settings = account?.active ? await findSsoSettings(app.db, account.id) : null;
  const stored = settings?.scim_token_hash;
  if (!match || !stored || !sameHash(hashToken(match[1]), stored)) {
    throw scimError(401, 'A valid SCIM bearer token of this account is required.');
  }
  request.scimSettings = settings;
}

function settingsOf(request: FastifyRequest): SsoSettingsRow {
  return request.scimSettings!;
}

function baseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${BASE}`;
}

function idParam(request: FastifyRequest): number {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw scimError(404, 'No such resource.');
  return id;
}

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw scimError(400, 'A JSON object body is required.', 'invalidSyntax');
  }
  return body as Body;
}

function text(value: unknown, attribute: string, max = 200): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw scimError(400, `${attribute} is required and must be text.`, 'invalidValue');
  }
  if (value.length > max)
    throw scimError(400, `${attribute} must be at most ${max} characters.`, 'invalidValue');
  return value.trim();
}

function optionalText(value: unknown, attribute: string, max = 200): string | null {
  return value === undefined || value === null || value === '' ? null : text(value, attribute, max);
}

// ---- Users ----

interface UserFields {
  username?: string;
  full_name?: string;
  email?: string;
  external_id?: string | null;
  active?: boolean;
}

function primaryEmail(emails: unknown): string | undefined {
  if (!Array.isArray(emails)) return undefined;
  const list = emails as { value?: unknown; primary?: unknown }[];
  const chosen = list.find((email) => email.primary === true) ?? list[0];
  return chosen ? text(chosen.value, 'emails.value', 254) : undefined;
}

function fullNameOf(body: Body): string | undefined {
  if (typeof body.displayName === 'string' && body.displayName.trim())
    return body.displayName.trim();
  const name = body.name as
    { formatted?: unknown; givenName?: unknown; familyName?: unknown } | undefined;
  if (!name || typeof name !== 'object') return undefined;
  if (typeof name.formatted === 'string' && name.formatted.trim()) return name.formatted.trim();
  const parts = [name.givenName, name.familyName].filter((p) => typeof p === 'string' && p.trim());
  return parts.length ? parts.join(' ').slice(0, 200) : undefined;
}

/** The fields of a whole user resource (POST, PUT). */
function userFieldsOf(body: Body): UserFields {
  const username = text(body.userName, 'userName');
  return {
    username,
    full_name: (fullNameOf(body) ?? username).slice(0, 200),
    email: primaryEmail(body.emails) ?? '',
    external_id: optionalText(body.externalId, 'externalId'),
    active: body.active === undefined ? true : booleanOf(body.active, 'active'),
  };
}

/** One PATCH operation on a user, in the forms Azure AD and Okta send. */
function applyUserOperation(
  fields: UserFields,
  op: string,
  path: string | undefined,
  value: unknown,
) {
  if (op === 'remove') {
    if (path?.toLowerCase() === 'externalid') fields.external_id = null;
    return;
  }
  if (path === undefined) {
    if (!value || typeof value !== 'object') {
      throw scimError(400, 'An operation without a path needs an object value.', 'invalidValue');
    }
    for (const [key, inner] of Object.entries(value as Body))
      applyUserOperation(fields, op, key, inner);
    return;
  }
  const attribute = path.toLowerCase();
  if (attribute === 'active') fields.active = booleanOf(value, 'active');
  else if (attribute === 'username') fields.username = text(value, 'userName');
  else if (attribute === 'displayname' || attribute === 'name.formatted') {
    fields.full_name = text(value, path);
  } else if (attribute === 'externalid') fields.external_id = optionalText(value, 'externalId');
  else if (attribute === 'emails') fields.email = primaryEmail(value) ?? '';
  else if (attribute.startsWith('emails[')) fields.email = text(value, 'emails.value', 254);
  else if (attribute === 'name' && value && typeof value === 'object') {
    fields.full_name = fullNameOf({ name: value }) ?? fields.full_name;
  }
  // Other attributes (title, locale, name.givenName…) are not kept: ignored, as RFC 7644 allows.
}

function operationsOf(body: Body): { op: string; path?: string; value?: unknown }[] {
  const operations = body.Operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw scimError(400, 'Operations must be a non-empty list.', 'invalidSyntax');
  }
  return operations.map((operation: { op?: unknown; path?: unknown; value?: unknown }) => {
    const op = typeof operation?.op === 'string' ? operation.op.toLowerCase() : '';
    if (!['add', 'replace', 'remove'].includes(op)) {
      throw scimError(400, 'op must be add, replace or remove.', 'invalidSyntax');
    }
    if (operation.path !== undefined && typeof operation.path !== 'string') {
      throw scimError(400, 'path must be text.', 'invalidPath');
    }
    return { op, path: operation.path as string | undefined, value: operation.value };
  });
}

async function answerUser(app: FastifyInstance, request: FastifyRequest, row: ScimUserRow) {
  return userResource(row, await groupsOfUser(app.db, row.id), baseUrl(request));
}

async function existingUser(app: FastifyInstance, request: FastifyRequest): Promise<ScimUserRow> {
  const row = await findScimUser(app.db, settingsOf(request).account_id, idParam(request));
  if (!row || row.role === 'platform-admin') throw scimError(404, 'No such user.');
  return row;
}

async function saveUserFields(
  app: FastifyInstance,
  request: FastifyRequest,
  row: ScimUserRow,
  fields: UserFields,
) {
  const accountId = settingsOf(request).account_id;
  if (
    fields.username !== undefined &&
    (await usernameTakenByOther(app.db, accountId, fields.username, row.id))
  ) {
    throw scimError(409, 'Another user has this userName.', 'uniqueness');
  }
  const { active, ...rest } = fields;
  const changes: Updateable<UsersTable> = { ...rest };
  if (active !== undefined) changes.active = active ? 1 : 0;
  await updateScimUser(app.db, row.id, changes, active === false && Boolean(row.active));
  return answerUser(app, request, (await findScimUser(app.db, accountId, row.id))!);
}

function registerUserRoutes(app: FastifyInstance): void {
  app.get(`/Users`, async (request) => {
    const query = request.query as { filter?: string; startIndex?: string; count?: string };
    const filter = parseEqFilter(query.filter, ['userName', 'externalId']);
    const page = pageOf(query);
    const { rows, total } = await listScimUsers(
      app.db,
      settingsOf(request).account_id,
      filter ? { [filter.attribute]: filter.value } : {},
      page.offset,
      page.limit,
    );
    const resources = await Promise.all(rows.map((row) => answerUser(app, request, row)));
    return listResource(resources, total, page.startIndex);
  });

  app.post(`/Users`, { schema: SCIM_ROUTES.createUser }, async (request, reply) => {
    const accountId = settingsOf(request).account_id;
    const fields = userFieldsOf(bodyOf(request));
    if (await usernameTakenByOther(app.db, accountId, fields.username!, null)) {
      throw scimError(409, 'A user with this userName exists.', 'uniqueness');
    }
    const { row } = await insertUser(
      app.db,
      {
        account_id: accountId,
        username: fields.username!,
        full_name: fields.full_name!,
        email: fields.email ?? '',
        external_id: fields.external_id ?? null,
        role: settingsOf(request).default_role,
        active: fields.active === false ? 0 : 1,
        password_hash: '',
        created_at: nowIso(),
      },
      async () => null,
    );
    return reply.status(201).send(await answerUser(app, request, row));
  });

  app.get(`/Users/:id`, async (request) =>
    answerUser(app, request, await existingUser(app, request)),
  );

  app.put(`/Users/:id`, { schema: SCIM_ROUTES.replaceUser }, async (request) => {
    const row = await existingUser(app, request);
    return saveUserFields(app, request, row, userFieldsOf(bodyOf(request)));
  });

  app.patch(`/Users/:id`, { schema: SCIM_ROUTES.patchUser }, async (request) => {
    const row = await existingUser(app, request);
    const fields: UserFields = {};
    for (const { op, path, value } of operationsOf(bodyOf(request))) {
      applyUserOperation(fields, op, path, value);
    }
    return saveUserFields(app, request, row, fields);
  });

  app.delete(`/Users/:id`, async (request, reply) => {
    const row = await existingUser(app, request);
    await removeFromGroups(app.db, row.id);
    await deleteUser(app.db, row.id);
    return reply.status(204).send();
  });
}

// ---- Groups ----

/** The role a group gives: the role map of the SSO settings, else a role's own name. */
function roleOfGroup(settings: SsoSettingsRow, displayName: string): SsoRole {
  const map = JSON.parse(settings.role_map_json) as Record<string, SsoRole>;
  const role = map[displayName] ?? SSO_ROLES.find((r) => r === displayName.toLowerCase());
  if (!role) {
    throw scimError(
      400,
      `displayName "${displayName}" maps to no role: add it to the role map of single sign-on, or name the group admin, editor or viewer.`,
      'invalidValue',
    );
  }
  return role;
}

/** Gives each user the strongest role of their groups (the default role when in none). */
async function refreshRoles(app: FastifyInstance, settings: SsoSettingsRow, userIds: number[]) {
  for (const userId of new Set(userIds)) {
    const roles = (await groupsOfUser(app.db, userId)).map((group) => group.role);
    const role = SSO_ROLES.find((r) => roles.includes(r)) ?? settings.default_role;
    await setRole(app.db, userId, role);
  }
}

function memberIdsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((member: { value?: unknown }) => {
    const id = Number(member?.value);
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw scimError(400, 'members[].value must be the id of a user.', 'invalidValue');
    }
    return id;
  });
}

/** The member id of a path like `members[value eq "12"]`, else null. */
function memberOfPath(path: string): number | null {
  const match = /^members\[value eq "(\d+)"\]$/i.exec(path.trim());
  return match ? Number(match[1]) : null;
}

/** Entra ID reads groups with `excludedAttributes=members`: the members are then left out. */
function membersExcluded(request: FastifyRequest): boolean {
  const { excludedAttributes } = request.query as { excludedAttributes?: unknown };
  return (
    typeof excludedAttributes === 'string' &&
    excludedAttributes.split(',').some((name) => name.trim().toLowerCase() === 'members')
  );
}

async function groupAnswerOf(app: FastifyInstance, request: FastifyRequest, row: GroupRow) {
  const members = membersExcluded(request) ? null : await groupMembers(app.db, row.id);
  return groupResource(row, members, baseUrl(request));
}

async function answerGroup(app: FastifyInstance, request: FastifyRequest, id: number) {
  const row = await findGroup(app.db, settingsOf(request).account_id, id);
  if (!row) throw scimError(404, 'No such group.');
  return groupAnswerOf(app, request, row);
}

async function existingGroup(app: FastifyInstance, request: FastifyRequest) {
  const row = await findGroup(app.db, settingsOf(request).account_id, idParam(request));
  if (!row) throw scimError(404, 'No such group.');
  return row;
}

async function accountMembers(app: FastifyInstance, request: FastifyRequest, ids: number[]) {
  const accountId = settingsOf(request).account_id;
  const valid = await accountUserIds(app.db, accountId, ids);
  if (valid.length !== new Set(ids).size)
    throw scimError(400, 'A member is not a user of this account.', 'invalidValue');
  return valid;
}

function registerGroupRoutes(app: FastifyInstance): void {
  app.get(`/Groups`, async (request) => {
    const query = request.query as { filter?: string; startIndex?: string; count?: string };
    const filter = parseEqFilter(query.filter, ['displayName']);
    const page = pageOf(query);
    const all = await listGroups(app.db, settingsOf(request).account_id, filter?.value);
    const rows = all.slice(page.offset, page.offset + page.limit);
    const resources = await Promise.all(rows.map((row) => groupAnswerOf(app, request, row)));
    return listResource(resources, all.length, page.startIndex);
  });

  app.post(`/Groups`, { schema: SCIM_ROUTES.createGroup }, async (request, reply) => {
    const settings = settingsOf(request);
    const body = bodyOf(request);
    const displayName = text(body.displayName, 'displayName');
    const role = roleOfGroup(settings, displayName);
    if ((await listGroups(app.db, settings.account_id, displayName)).length) {
      throw scimError(409, 'A group with this displayName exists.', 'uniqueness');
    }
    const members = await accountMembers(app, request, memberIdsOf(body.members));
    const id = await insertGroup(app.db, settings.account_id, {
      displayName,
      externalId: optionalText(body.externalId, 'externalId'),
      role,
    });
    await addMembers(app.db, id, members);
    await refreshRoles(app, settings, members);
    return reply.status(201).send(await answerGroup(app, request, id));
  });

  app.get(`/Groups/:id`, async (request) => answerGroup(app, request, idParam(request)));

  app.put(`/Groups/:id`, { schema: SCIM_ROUTES.replaceGroup }, async (request) => {
    const settings = settingsOf(request);
    const group = await existingGroup(app, request);
    const body = bodyOf(request);
    const displayName = text(body.displayName, 'displayName');
    const members = await accountMembers(app, request, memberIdsOf(body.members));
    await updateGroup(app.db, group.id, {
      displayName,
      externalId: optionalText(body.externalId, 'externalId'),
      role: roleOfGroup(settings, displayName),
    });
    const before = await removeAllMembers(app.db, group.id);
    await addMembers(app.db, group.id, members);
    await refreshRoles(app, settings, [...before, ...members]);
    return answerGroup(app, request, group.id);
  });

  app.patch(`/Groups/:id`, { schema: SCIM_ROUTES.patchGroup }, async (request) => {
    const settings = settingsOf(request);
    const group = await existingGroup(app, request);
    const touched: number[] = [];
    let displayName = group.display_name;
    for (const { op, path, value } of operationsOf(bodyOf(request))) {
      const pathMember = path ? memberOfPath(path) : null;
      if (path?.toLowerCase() === 'members' || pathMember !== null) {
        const ids = pathMember !== null ? [pathMember] : memberIdsOf(value);
        if (op === 'remove') {
          const removed = ids.length ? ids : await removeAllMembers(app.db, group.id);
          await removeMembers(app.db, group.id, removed);
          touched.push(...removed);
        } else {
          const members = await accountMembers(app, request, ids);
          if (op === 'replace') touched.push(...(await removeAllMembers(app.db, group.id)));
          await addMembers(app.db, group.id, members);
          touched.push(...members);
        }
      } else if (path?.toLowerCase() === 'displayname') {
        displayName = text(value, 'displayName');
      } else if (
        path === undefined &&
        value &&
        typeof value === 'object' &&
        'displayName' in value
      ) {
        displayName = text((value as Body).displayName, 'displayName');
      }
    }
    if (displayName !== group.display_name) {
      const role = roleOfGroup(settings, displayName);
      await updateGroup(app.db, group.id, { displayName, externalId: group.external_id, role });
      touched.push(...(await groupMembers(app.db, group.id)).map((m) => m.id));
    }
    await refreshRoles(app, settings, touched);
    return answerGroup(app, request, group.id);
  });

  app.delete(`/Groups/:id`, async (request, reply) => {
    const group = await existingGroup(app, request);
    const members = await deleteGroup(app.db, group.id);
    await refreshRoles(app, settingsOf(request), members);
    return reply.status(204).send();
  });
}

/** Turns the JSON error bodies of this scope (errors.ts's shape) into SCIM error resources. */
function answerScimErrors(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-type', SCIM_CONTENT_TYPE);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as { message?: string };
    const scimType = reply.getHeader('x-scim-type') as string | undefined;
    reply.removeHeader('x-scim-type');
    return JSON.stringify(
      errorResource(reply.statusCode, body.message ?? 'Request failed.', scimType),
    );
  });
}

export async function registerScimRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (scope) => {
      scope.decorateRequest('scimSettings', null);
      const parse = scope.getDefaultJsonParser('error', 'error');
      scope.addContentTypeParser(
        SCIM_CONTENT_TYPE,
        { parseAs: 'string' },
        (request, body, done) => {
          // As for JSON (plugins/jsonBody.ts), an empty body is no body: a DELETE sends none.
          if ((body as string).trim() === '') done(null, undefined);
          else parse(request, body as string, done);
        },
      );
      answerScimErrors(scope);
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, tenantPage: true };
        route.bodyLimit = BODY_LIMIT;
      });
      const limit = scimRequestLimit(app);
      if (limit) scope.addHook('onRequest', limit);
      scope.addHook('preHandler', async (request) => authenticate(app, request));
      registerDiscoveryRoutes(scope, baseUrl, BODY_LIMIT);
      registerUserRoutes(scope);
      registerGroupRoutes(scope);
      scope.setNotFoundHandler((_request, reply) => {
        reply.status(404).send({ message: 'No such SCIM endpoint.' });
      });
    },
    { prefix: BASE },
  );
}
