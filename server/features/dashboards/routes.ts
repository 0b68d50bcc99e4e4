import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { runAccountListQuery } from '../../http/listQuery';
import { findDashboardRow, toDashboard } from './repository';
import { dashboardSchema } from './schemas';
import { validateDashboard } from './dashboardValidation';
import { nowIso, type Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { assertWithinPlan } from '../plans/planLimits';
import { currentUser, requireSection } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';

// /api/v1/dashboards in the ra-data-simple-rest contract, plus duplicate. Every user of the
// account reads them; editors write them.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    name: 'name',
    description: 'description',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  sortable: ['id', 'name', 'createdAt', 'updatedAt'],
  filterable: ['id'],
  searchable: ['name', 'description'],
  defaultSort: { field: 'name', order: 'asc' },
};

const BODY_LIMIT = 1024 * 1024;
const MAX_NAME = 200;
const COPY_SUFFIX = ' (copy)';

async function deleteDashboard(db: Kysely<Database>, accountId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('share_links')
      .where('dashboard_id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
    await trx
      .deleteFrom('dashboards')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
  });
}

export function registerDashboardRoutes(app: FastifyInstance): void {
  const path = '/api/v1/dashboards';
  const read = { preHandler: requireSection('dashboards', 'read') };
  const write = { preHandler: requireSection('dashboards', 'write'), bodyLimit: BODY_LIMIT };

  /** A create's body, or an update's (`stored` is the record it may echo). */
  async function parseDashboard(body: unknown, accountId: number, id?: number, stored?: object) {
    const input = stored
      ? parseUpdate(dashboardSchema, body, stored)
      : parsePayload(dashboardSchema, body);
    if (input.id !== undefined && input.id !== id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    await validateDashboard(app.db, accountId, input);
    return {
      name: input.name,
      description: input.description,
      tiles_json: JSON.stringify(input.tiles),
      filters_json: JSON.stringify(input.filters),
      refresh_seconds: input.refreshSeconds,
    };
  }

  type DashboardColumns = Awaited<ReturnType<typeof parseDashboard>>;

  /** Inserts a dashboard of the user's account if its plan has room for one more. */
  const insertDashboard = (user: { id: number; accountId: number }, values: DashboardColumns) =>
    app.db.transaction().execute(async (trx) => {
      await assertWithinPlan(trx, user.accountId, 'dashboards');
      const now = nowIso();
      return trx
        .insertInto('dashboards')
        .values({
          ...values,
          account_id: user.accountId,
          created_by: user.id,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });

  app.get(path, read, (request, reply) =>
    sendCachedList(request, reply, 'dashboards', async () => {
      const list = parseListQuery(request.query, LIST);
      const accountId = currentUser(request).accountId;
      const { rows, total } = await runAccountListQuery(
        app.db,
        'dashboards',
        accountId,
        list,
        LIST,
      );
      return { rows: rows.map(toDashboard), start: list.start, total };
    }),
  );

  app.get(`${path}/:id`, read, async (request) => {
    const accountId = currentUser(request).accountId;
    return toDashboard(await findDashboardRow(app.db, accountId, parseId(request.params)));
  });

  app.post(path, write, async (request) => {
    const user = currentUser(request);
    const values = await parseDashboard(request.body, user.accountId);
    return toDashboard(await insertDashboard(user, values));
  });

  app.put(`${path}/:id`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const id = parseId(request.params);
    const previous = await findDashboardRow(app.db, accountId, id);
    const values = await parseDashboard(request.body, accountId, id, toDashboard(previous));
    const row = await app.db
      .updateTable('dashboards')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDashboard(row);
  });

  app.delete(`${path}/:id`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findDashboardRow(app.db, accountId, parseId(request.params));
    await deleteDashboard(app.db, accountId, row.id);
    return toDashboard(row);
  });

  // The copy has the same tiles and filters (they reference the same charts), no share links.
  app.post(
    `${path}/:id/duplicate`,
    { preHandler: requireSection('dashboards', 'write') },
    async (request) => {
      const user = currentUser(request);
      const source = await findDashboardRow(app.db, user.accountId, parseId(request.params));
      const name = `${source.name.slice(0, MAX_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
      const row = await insertDashboard(user, {
        name,
        description: source.description,
        tiles_json: source.tiles_json,
        filters_json: source.filters_json,
        refresh_seconds: source.refresh_seconds,
      });
      return toDashboard(row);
    },
  );
}
