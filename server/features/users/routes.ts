import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userUpdateSchema } from '../../../common/api/users';
import type { Role, User } from '../../../common/types';
import { hashPassword } from '../../services/passwords';
import { nowIso } from '../../db/schema';
import { badRequest, conflict, notFound, refused } from '../../errors';
import { assertWithinPlan } from '../plans/planLimitsService';
import { inviteUser } from '../invitations/invitationService';
import { currentUser, requireSection } from '../../plugins/auth';
import { parseUpdate } from '../../http/updatePayload';
import type { SlotValues } from '../../db/queryTemplates';
import { runScopedListQuery } from '../../db/listQuery';
import { listRoute } from '../../http/listRoute';
import { LIST, toListedUser, USER_BODY_LIMIT } from './userRecords';
import {
  deleteUser,
  findVisibleUser,
  insertUser,
  isUsernameTaken,
  selectUsers,
  updateUser,
  withUserRow,
  type UserRow,
} from './repository';
import {
  CREATE_USER,
  DELETE_USER,
  GET_USER,
  INVITE_USER,
  LIST_USERS,
  UPDATE_USER,
} from './schemas';
import { isUniqueViolation } from '../../http/uniqueViolation';

// Users in the ra-data-simple-rest contract (section `users`). An admin manages the users of
// their own account; a platform admin manages the platform account's users and may read every
// account's. Passwords are write-only; another account's user answers 404. Who may write is
// asked before a payload is validated (preValidation).

/** The roles a user may give: admins their tenant's roles, platform admins theirs. */
function assignableRoles(actor: User): Role[] {
  return actor.role === 'platform-admin' ? ['platform-admin'] : ['admin', 'editor', 'viewer'];
}

function checkRole(actor: User, role: Role | undefined): void {
  if (role === undefined) return;
  const allowed = assignableRoles(actor);
  if (!allowed.includes(role)) {
    throw badRequest(`role: must be one of ${allowed.join(', ')}.`, 'role');
  }
}

const usernameTaken = (name: string) =>
  conflict(`The username "${name}" is already taken in this account.`, 'username');

/** Who an invitation goes to. */
function invitee(row: UserRow) {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    fullName: row.full_name,
    username: row.username,
  };
}

const isPlatformAdmin = (request: FastifyRequest) => currentUser(request).role === 'platform-admin';
const actorValues = (request: FastifyRequest): SlotValues => {
  const actor = currentUser(request);
  return { accountId: actor.accountId, site: actor.site };
};

export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = requireSection('users', 'read');
  const write = requireSection('users', 'write');

  const checkUsernameFree = async (accountId: number, name: string, exceptId?: number) => {
    if (await isUsernameTaken(app.db, accountId, name, exceptId)) throw usernameTaken(name);
  };

  const findVisible = async (request: FastifyRequest, id: number) => {
    const everyone = isPlatformAdmin(request);
    const row = await findVisibleUser(app.db, everyone, actorValues(request), id);
    if (!row) throw notFound('User');
    return row;
  };

  /** A user the signed-in user may change: only users of their own account. */
  const findWritable = async (request: FastifyRequest, id: number) => {
    const row = await findVisible(request, id);
    if (row.account_id !== currentUser(request).accountId) {
      throw refused(
        'action-not-allowed',
        'Platform administrators manage the users of the platform account only.',
      );
    }
    return row;
  };

  const listUsers = listRoute({
    resource: 'users',
    options: LIST,
    page: async (request, query) => {
      const scope = { whole: isPlatformAdmin(request), values: actorValues(request) };
      const { rows, total } = await runScopedListQuery(
        app.db,
        'users',
        scope,
        (everyone, values) => selectUsers(app.db, everyone, values),
        query,
        LIST,
      );
      return { records: rows.map((row) => toListedUser(row, row.site)), total };
    },
  });
  app.get('/api/v1/users', { preValidation: read, schema: LIST_USERS }, listUsers);

  typed.get('/api/v1/users/:id', { preValidation: read, schema: GET_USER }, async (request) => {
    const row = await findVisible(request, request.params.id);
    return toListedUser(row, row.site);
  });

  const create = { preValidation: write, bodyLimit: USER_BODY_LIMIT, schema: CREATE_USER };
  typed.post('/api/v1/users', create, async (request) => {
    const actor = currentUser(request);
    const input = request.body;
    checkRole(actor, input.role);
    await checkUsernameFree(actor.accountId, input.username);
    // Asked again in the transaction of insertUser; asking first spares the password hashing.
    await assertWithinPlan(app.db, actor.accountId, 'users');
    const invited = input.password === undefined;
    // An invited user has no password (an empty hash never verifies) until the invitation.
    const passwordHash = invited ? '' : await hashPassword(input.password!, app.config.scrypt);
    try {
      const values = {
        account_id: actor.accountId,
        username: input.username,
        full_name: input.fullName,
        email: input.email,
        role: input.role,
        active: invited ? 0 : Number(input.active),
        password_hash: passwordHash,
        created_at: nowIso(),
        attributes_json: JSON.stringify(input.attributes ?? {}),
      };
      const created = await insertUser(app.db, values, (trx, row) =>
        invited ? inviteUser(app, trx, invitee(row)) : Promise.resolve(null),
      );
      const row = created.row;
      const user = toListedUser({ ...row, invited: Number(row.password_hash === '') }, actor.site);
      if (!created.then) return user;
      const mailStatus = await created.then.message.send();
      return {
        ...user,
        invitation: { createPasswordPath: created.then.createPasswordPath, mailStatus },
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken(input.username);
      throw error;
    }
  });

  // A new invitation (and message) for a user who has not set a password yet (status
  // `invited`), answering its single-use link; the link of the earlier one stops working.
  const invite = { preValidation: write, schema: INVITE_USER };
  typed.post('/api/v1/users/:id/invitation', invite, async (request) => {
    const id = request.params.id;
    await findWritable(request, id);
    const invitation = await withUserRow(app.db, id, async (trx, row) => {
      if (row.password_hash !== '') {
        throw conflict('This user has set a password already; nothing to invite to.');
      }
      return inviteUser(app, trx, invitee(row));
    });
    // Without SMTP nothing is mailed (`stored`): the admin passes the link on by hand.
    const mailStatus = await invitation.message.send();
    return { id, createPasswordPath: invitation.createPasswordPath, mailStatus };
  });

  const update = { preValidation: write, bodyLimit: USER_BODY_LIMIT, schema: UPDATE_USER };
  typed.put('/api/v1/users/:id', update, async (request) => {
    const id = request.params.id;
    const actor = currentUser(request);
    const existing = await findWritable(request, id);
    const stored = toListedUser(existing, existing.site);
    const input = parseUpdate(userUpdateSchema, request.body, stored);
    if (input.id !== undefined && input.id !== id) {
      throw badRequest('id: does not match the address.', 'id');
    }
    checkRole(actor, input.role);
    if (id === actor.id && input.active === false) {
      throw conflict('You cannot deactivate yourself.', 'active');
    }
    if (id === actor.id && input.role !== undefined && input.role !== actor.role) {
      throw conflict('You cannot change your own role.', 'role');
    }
    if (input.username !== undefined) {
      await checkUsernameFree(existing.account_id, input.username, id);
    }
    const passwordHash =
      input.password === undefined
        ? undefined
        : await hashPassword(input.password, app.config.scrypt);
    const changes = {
      ...(input.username !== undefined && { username: input.username }),
      ...(input.fullName !== undefined && { full_name: input.fullName }),
      ...(input.email !== undefined && { email: input.email }),
      ...(input.role !== undefined && { role: input.role }),
      ...(input.active !== undefined && { active: Number(input.active) }),
      ...(passwordHash !== undefined && { password_hash: passwordHash }),
      ...(input.attributes !== undefined && { attributes_json: JSON.stringify(input.attributes) }),
    };
    // A new password or a deactivation ends the user's other sign-in sessions.
    const endSessions =
      passwordHash !== undefined || input.active === false
        ? { keepSessionId: id === actor.id ? request.sessionId : null }
        : null;
    try {
      await updateUser(app.db, id, changes, endSessions);
    } catch (error) {
      if (isUniqueViolation(error) && input.username) throw usernameTaken(input.username);
      throw error;
    }
    const row = await findVisible(request, id);
    return toListedUser(row, row.site);
  });

  const remove = { preValidation: write, schema: DELETE_USER };
  typed.delete('/api/v1/users/:id', remove, async (request) => {
    const id = request.params.id;
    const existing = await findWritable(request, id);
    if (id === currentUser(request).id) throw conflict('You cannot delete yourself.');
    await deleteUser(app.db, id);
    return toListedUser(existing, existing.site);
  });
}
