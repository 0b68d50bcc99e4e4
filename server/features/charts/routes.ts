import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { registerAccountRecordRoutes } from '../../http/accountRecordRoutes';
import { listRoute } from '../../http/listRoute';
import { accountRecordsPage } from '../../http/recordHandlers';
import { chartSchema, type ChartInput } from '../../../common/api/charts';
import { CHART_ROUTES } from './schemas';
import {
  deleteChart,
  findChartRow,
  inTransaction,
  insertChart,
  toChartValues,
  toSavedChart,
  updateChart,
} from './repository';
import { validateChart } from './chartValidation';
import { dashboardsUsingChart } from '../dashboards/repository';
import { validateDashboard } from '../dashboards/dashboardValidationService';
import type { Database } from '../../db/schema';
import { ApiError, conflict } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import type { ListOptions } from '../../http/simpleRest';

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

const CHARTS = {
  path: '/api/v1/aicharts',
  table: 'charts',
  find: findChartRow,
  schemas: CHART_ROUTES,
  bodyLimit: 256 * 1024,
  payload: chartSchema,
  toRecord: toSavedChart,
} as const;

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
  const { path } = CHARTS;
  const canWrite = requireSection('aicharts', 'write');
  const canRead = requireSection('aicharts', 'read');
  const list = {
    resource: 'aicharts',
    options: LIST,
    page: accountRecordsPage('charts', LIST, toSavedChart),
  };
  app.get(path, { preValidation: canRead, schema: CHART_ROUTES.list }, listRoute(list));
  registerAccountRecordRoutes(app, {
    ...CHARTS,
    canRead,
    canWrite,
    values: async (input: ChartInput, accountId) => {
      await validateChart(app.db, accountId, input);
      return toChartValues(input);
    },
    insert: (user, values) => insertChart(app.db, user, values),
    // A chart's dashboards must still hold with its new dataset, or nothing is written.
    update: (accountId, id, values) =>
      inTransaction(app.db, async (trx) => {
        const row = await updateChart(trx, accountId, id, values);
        await checkDashboardsStillHold(trx, accountId, id);
        return toSavedChart(row);
      }),
  });

  typed.delete(
    `${path}/:id`,
    { preValidation: canWrite, schema: CHART_ROUTES.remove },
    async (request) => {
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
    },
  );
}
