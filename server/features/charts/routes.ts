import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  type ChartValues,
  toSavedChart,
} from './repository';
import { validateChart } from './chartValidation';
import { updateChartKeepingDashboards } from './chartSaveService';
import { dashboardsUsingChart } from '../dashboards/repository';
import { conflict } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import type { ListOptions } from '../../http/simpleRest';
import { keepRecordRevision } from '../../db/revisions';
import { keepingRevisions } from '../../services/revisionKeeping';

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

const KIND = { kind: 'chart' } as const;

const CHARTS = {
  path: '/api/v1/aicharts',
  table: 'charts',
  find: findChartRow,
  schemas: CHART_ROUTES,
  bodyLimit: 256 * 1024,
  payload: chartSchema,
  toRecord: toSavedChart,
} as const;

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
    ...keepingRevisions<'charts', ChartValues, ReturnType<typeof toSavedChart>>(
      app.db,
      'chart',
      toSavedChart,
      {
        insert: (author, values) => insertChart(app.db, author, values),
        update: (accountId, id, values) =>
          updateChartKeepingDashboards(app.db, accountId, id, values),
      },
    ),
  });

  typed.delete(
    `${path}/:id`,
    { preValidation: canWrite, schema: CHART_ROUTES.remove },
    async (request) => {
      const user = currentUser(request);
      const accountId = user.accountId;
      const row = await findChartRow(app.db, accountId, request.params.id);
      const record = await inTransaction(app.db, async (trx) => {
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
      const before = { record, createdBy: row.created_by };
      await keepRecordRevision(app.db, {
        ...KIND,
        accountId,
        action: 'deleted',
        userId: user.id,
        record,
        before,
      });
      return record;
    },
  );
}
