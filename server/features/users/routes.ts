import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Role, User } from '../../../src/model/types';
import { hashPassword } from '../auth/passwords';
import { nowIso, type Database, type UsersTable } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { assertWithinPlan } from '../plans/planLimits';
import { inviteUser } from '../invitations/invitations';
import { currentUser, requireSection } from '../../plugins/auth';
import { parseUpdate } from '../../http/updatePayload';
import type { SlotValues } from '../../db/queryTemplates';
import { runScopedListQuery } from '../../http/listQuery';
import { USER_LIST_RESPONSE, USER_RESPONSE } from './userJson';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery } from '../../http/simpleRest';
import {
  createSchema,
  LIST,
  toListedUser,
  updateSchema,
  USER_BODY_LIMIT,
  USER_COLUMNS,
} from './userRecords';
import { isUniqueViolation } from '../../http/uniqueViolation';

// Users in the ra-data-simple-rest contract (section `users`). An admin manages the users of
// their own account; a platform admin manages the platform account's users and may read every
// account's. Passwords are write-only; another account's user answers 404.

const CREATE_SCHEMA = { tags: ['users'], body: createSchema };

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

async function checkUsernameFree(
  db: Kysely<Database>,
  accountId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('username', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw usernameTaken(name);
}

/** Ends the user's sign-in sessions (not API tokens), keeping `keepSessionId` if given. */
async function revokeSessions(
  trx: Transaction<Database>,
  userId: number,
  keepSessionId: number | null,
): Promise<void> {
  let query = trx
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Who an invitation goes to. */
function invitee(row: Selectable<UsersTable>) {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    fullName: row.full_name,
    username: row.username,
  };
}

export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  const read = requireSection('users', 'read');
  const write = requireSection('users', 'write');

  /**
   * The users the signed-in user may see, with their account's site: only the columns of a
   * User (never the password hash). A tenant admin sees their own account's users, whose site
   * is theirs, so only a platform admin's query (`everyone`) looks the site up.
   */
  const usersQuery = (everyone: boolean, values: SlotValues) => {
    const query = app.db.selectFrom('users').select(USER_COLUMNS);
    if (everyone) {
      const site = sql<string>`(select ${sql.ref('accounts.site')} from ${sql.table('accounts')}
        where ${sql.ref('accounts.id')} = ${sql.ref('users.account_id')})`;
      return query.select(site.as('site'));
    }
    return query
      .select(sql<string>`${values.site}`.as('site'))
      .where('users.account_id', '=', values.accountId as number);
  };
  const isPlatformAdmin = (request: FastifyRequest) =>
    currentUser(request).role === 'platform-admin';
  const actorValues = (request: FastifyRequest): SlotValues => {
    const actor = currentUser(request);
    return { accountId: actor.accountId, site: actor.site };
  };
  const visibleUsers = (request: FastifyRequest) =>
    usersQuery(isPlatformAdmin(request), actorValues(request));

  const findVisible = async (request: FastifyRequest, id: number) => {
    const row = await visibleUsers(request).where('users.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('User');
    return row;
  };

  /** A user the signed-in user may change: only users of their own account. */
  const findWritable = async (request: FastifyRequest, id: number) => {
    const row = await findVisible(request, id);
    if (row.account_id !== currentUser(request).accountId) {
      throw forbidden('Platform administrators manage the users of the platform account only.');
    }
    return row;
  };

  app.get('/api/v1/users', { preValidation: read, schema: USER_LIST_RESPONSE }, (request, reply) =>
    sendCachedList(request, reply, 'users', async () => {
      const list = parseListQuery(request.query, LIST);
      const scope = { whole: isPlatformAdmin(request), values: actorValues(request) };
      const { rows, total } = await runScopedListQuery(
        app.db,
        'users',
        scope,
        usersQuery,
        list,
        LIST,
      );
      const users = rows.map((row) => toListedUser(row, row.site));
      return { rows: users, start: list.start, total };
    }),
  );

  app.get('/api/v1/users/:id', { preHandler: read, schema: USER_RESPONSE }, async (request) => {
    const row = await findVisible(request, parseId(request.params));
    return toListedUser(row, row.site);
  });

  // Who may write is asked before the body is validated, as parsePayload did in the handler.
  const create = { preValidation: write, bodyLimit: USER_BODY_LIMIT, schema: CREATE_SCHEMA };
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/users', create, async (request) => {
    const actor = currentUser(request);
    const input = request.body;
    checkRole(actor, input.role);
    await checkUsernameFree(app.db, actor.accountId, input.username);
    // Asked again in the transaction below; asking first spares the password hashing.
    await assertWithinPlan(app.db, actor.accountId, 'users');
    const invited = input.password === undefined;
    // An invited user has no password (an empty hash never verifies) until the invitation.
    const passwordHash = invited ? '' : await hashPassword(input.password!, app.config.scrypt);
    try {
      const created = await app.db.transaction().execute(async (trx) => {
        await assertWithinPlan(trx, actor.accountId, 'users');
        const row = await trx
          .insertInto('users')
          .values({
            account_id: actor.accountId,
            username: input.username,
            full_name: input.fullName,
            email: input.email,
            role: input.role,
            active: invited ? 0 : Number(input.active),
            password_hash: passwordHash,
            created_at: nowIso(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const invitation = invited ? await inviteUser(app, trx, invitee(row)) : null;
        return { row, invitation };
      });
      await created.invitation?.message.send();
      const row = created.row;
      return toListedUser({ ...row, invited: Number(row.password_hash === '') }, actor.site);
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken(input.username);
      throw error;
    }
  });

  // A new invitation (and message) for a user who has not set a password yet (status
  // `invited`), answering its single-use link; the link of the earlier one stops working.
  app.post('/api/v1/users/:id/invitation', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    await findWritable(request, id);
    const { sent, createPasswordPath } = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.password_hash !== '') {
        throw conflict('This user has set a password already; nothing to invite to.');
      }
      const invitation = await inviteUser(app, trx, invitee(row));
      return { sent: invitation.message, createPasswordPath: invitation.createPasswordPath };
    });
    await sent.send();
    // Without SMTP nothing is mailed: the admin passes the link on by hand.
    return { id, createPasswordPath, mailed: Boolean(app.config.smtp) };
  });

  app.put(
    '/api/v1/users/:id',
    { preHandler: write, bodyLimit: USER_BODY_LIMIT },
    async (request) => {
      const id = parseId(request.params);
      const actor = currentUser(request);
      const existing = await findWritable(request, id);
      const stored = toListedUser(existing, existing.site);
      const input = parseUpdate(updateSchema, request.body, stored);
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
        await checkUsernameFree(app.db, existing.account_id, input.username, id);
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
      };
      try {
        await app.db.transaction().execute(async (trx) => {
          if (Object.keys(changes).length) {
            await trx.updateTable('users').set(changes).where('id', '=', id).execute();
          }
          // A new password or a deactivation ends the user's other sign-in sessions.
          if (passwordHash !== undefined || input.active === false) {
            await revokeSessions(trx, id, id === actor.id ? request.sessionId : null);
          }
        });
      } catch (error) {
        if (isUniqueViolation(error) && input.username) throw usernameTaken(input.username);
        throw error;
      }
      const row = await findVisible(request, id);
      return toListedUser(row, row.site);
    },
  );

  app.delete('/api/v1/users/:id', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const actor = currentUser(request);
    const existing = await findWritable(request, id);
    if (id === actor.id) throw conflict('You cannot delete yourself.');
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('activation_tokens').where('user_id', '=', id).execute();
      await trx.deleteFrom('invitations').where('user_id', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
    return toListedUser(existing, existing.site);
  });
}
