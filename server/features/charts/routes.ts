import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { runAccountListQuery } from '../../http/listQuery';
import { chartSchema } from './schemas';
import { findChartRow, toSavedChart } from './repository';
import { validateChart } from './chartValidation';
import { dashboardsUsingChart } from '../dashboards/repository';
import { validateDashboard } from '../dashboards/dashboardValidation';
import { nowIso, type Database } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';

// /api/v1/aicharts: saved charts in the ra-data-simple-rest contract. Every user of the
// account reads them; editors write them.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    name: 'name',
    description: 'description',
    datasetId: 'dataset_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  sortable: ['id', 'name', 'datasetId', 'createdAt', 'updatedAt'],
  filterable: ['id', 'datasetId'],
  searchable: ['name'],
  defaultSort: { field: 'name', order: 'asc' },
};

const BODY_LIMIT = 256 * 1024;

/**
 * A chart moved to another dataset must keep the fields the filters of its dashboards bind;
 * otherwise 409 naming the dashboard (the caller's transaction rolls the change back).
 */
async function checkDashboardsStillHold(db: Kysely<Database>, accountId: number, chartId: number) {
  for (const dashboard of await dashboardsUsingChart(db, accountId, chartId)) {
    try {
      await validateDashboard(db, accountId, dashboard);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw conflict(
        `The dashboard "${dashboard.name}" filters this chart by a field its new dataset lacks (${error.message}); change its filters first.`,
      );
    }
  }
}

export function registerChartRoutes(app: FastifyInstance): void {
  const path = '/api/v1/aicharts';
  const read = { preHandler: requireSection('aicharts', 'read') };
  const write = { preHandler: requireSection('aicharts', 'write'), bodyLimit: BODY_LIMIT };

  /** A create's body, or an update's (`stored` is the record it may echo). */
  async function parseChart(body: unknown, accountId: number, id?: number, stored?: object) {
    const input = stored ? parseUpdate(chartSchema, body, stored) : parsePayload(chartSchema, body);
    if (input.id !== undefined && input.id !== id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    await validateChart(app.db, accountId, input);
    return {
      dataset_id: input.datasetId,
      name: input.name,
      description: input.description,
      spec_json: JSON.stringify(input.spec),
    };
  }

  app.get(path, read, (request, reply) =>
    sendCachedList(request, reply, 'aicharts', async () => {
      const list = parseListQuery(request.query, LIST);
      const accountId = currentUser(request).accountId;
      const { rows, total } = await runAccountListQuery(app.db, 'charts', accountId, list, LIST);
      return { rows: rows.map(toSavedChart), start: list.start, total };
    }),
  );

  app.get(`${path}/:id`, read, async (request) => {
    const accountId = currentUser(request).accountId;
    return toSavedChart(await findChartRow(app.db, accountId, parseId(request.params)));
  });

  app.post(path, write, async (request) => {
    const user = currentUser(request);
    const values = await parseChart(request.body, user.accountId);
    const now = nowIso();
    const row = await app.db
      .insertInto('charts')
      .values({
        ...values,
        account_id: user.accountId,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSavedChart(row);
  });

  app.put(`${path}/:id`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const id = parseId(request.params);
    const previous = await findChartRow(app.db, accountId, id);
    const values = await parseChart(request.body, accountId, id, toSavedChart(previous));
    return app.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('charts')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await checkDashboardsStillHold(trx, accountId, id);
      return toSavedChart(row);
    });
  });

  app.delete(`${path}/:id`, write, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findChartRow(app.db, accountId, parseId(request.params));
    return app.db.transaction().execute(async (trx) => {
      const using = await dashboardsUsingChart(trx, accountId, row.id);
      if (using.length > 0) {
        const names = using.map((dashboard) => `"${dashboard.name}"`).join(', ');
        throw conflict(
          `The chart is on the dashboard${using.length > 1 ? 's' : ''} ${names}; remove it there first.`,
        );
      }
      await trx
        .deleteFrom('charts')
        .where('id', '=', row.id)
        .where('account_id', '=', accountId)
        .execute();
      return toSavedChart(row);
    });
  });
}
