import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { runAccountListQuery } from '../../http/listQuery';
import { chartSchema, type ChartInput } from '../../../src/model/api/charts';
import { CHART_ROUTES } from './schemas';
import {
  deleteChart,
  findChartRow,
  inTransaction,
  insertChart,
  toSavedChart,
  updateChart,
  type ChartValues,
} from './repository';
import { validateChart } from './chartValidation';
import { dashboardsUsingChart } from '../dashboards/repository';
import { validateDashboard } from '../dashboards/dashboardValidation';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseListQuery, type ListOptions } from '../../http/simpleRest';

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
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/aicharts';
  // Who may read or write is asked before the request is validated.
  const read = { preValidation: requireSection('aicharts', 'read') };
  const write = { preValidation: requireSection('aicharts', 'write'), bodyLimit: BODY_LIMIT };

  /** The columns of a create's input, or of an update's (of record `id`). */
  async function chartValues(
    checked: ChartInput,
    accountId: number,
    id?: number,
  ): Promise<ChartValues> {
    if (checked.id !== undefined && checked.id !== id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    await validateChart(app.db, accountId, checked);
    return {
      dataset_id: checked.datasetId,
      name: checked.name,
      description: checked.description,
      spec_json: JSON.stringify(checked.spec),
    };
  }

  app.get(path, { ...read, schema: CHART_ROUTES.list }, (request, reply) =>
    sendCachedList(request, reply, 'aicharts', async () => {
      const list = parseListQuery(request.query, LIST);
      const accountId = currentUser(request).accountId;
      const { rows, total } = await runAccountListQuery(app.db, 'charts', accountId, list, LIST);
      return { rows: rows.map(toSavedChart), start: list.start, total };
    }),
  );

  typed.get(`${path}/:id`, { ...read, schema: CHART_ROUTES.show }, async (request) => {
    const accountId = currentUser(request).accountId;
    return toSavedChart(await findChartRow(app.db, accountId, request.params.id));
  });

  typed.post(path, { ...write, schema: CHART_ROUTES.create }, async (request) => {
    const user = currentUser(request);
    const values = await chartValues(request.body, user.accountId);
    return toSavedChart(await insertChart(app.db, user, values));
  });

  typed.put(`${path}/:id`, { ...write, schema: CHART_ROUTES.update }, async (request) => {
    const accountId = currentUser(request).accountId;
    const id = request.params.id;
    const previous = await findChartRow(app.db, accountId, id);
    const input = parseUpdate(chartSchema, request.body, toSavedChart(previous));
    const values = await chartValues(input, accountId, id);
    return inTransaction(app.db, async (trx) => {
      const row = await updateChart(trx, accountId, id, values);
      await checkDashboardsStillHold(trx, accountId, id);
      return toSavedChart(row);
    });
  });

  typed.delete(`${path}/:id`, { ...write, schema: CHART_ROUTES.remove }, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findChartRow(app.db, accountId, request.params.id);
    return inTransaction(app.db, async (trx) => {
      const using = await dashboardsUsingChart(trx, accountId, row.id);
      if (using.length > 0) {
        const names = using.map((dashboard) => `"${dashboard.name}"`).join(', ');
        throw conflict(
          `The chart is on the dashboard${using.length > 1 ? 's' : ''} ${names}; remove it there first.`,
        );
      }
      await deleteChart(trx, accountId, row.id);
      return toSavedChart(row);
    });
  });
}
