import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccountRecordRoutes } from '../../http/accountRecordRoutes';
import { listRoute } from '../../http/listRoute';
import { accountRecordsPage } from '../../http/recordHandlers';
import {
  deleteDashboard,
  findDashboardRow,
  insertDashboard,
  toDashboard,
  toDashboardValues,
  type DashboardValues,
  updateDashboard,
} from './repository';
import { dashboardSchema, type DashboardInput } from '../../../common/api/dashboards';
import { DASHBOARD_ROUTES, DUPLICATE_DASHBOARD } from './schemas';
import { validateDashboard } from './dashboardValidationService';
import { currentUser, requireSection } from '../../plugins/auth';
import type { ListOptions } from '../../http/simpleRest';
import { keepRecordRevision } from '../../db/revisions';
import { keepingRevisions } from '../../services/revisionKeeping';

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

const DASHBOARDS = {
  path: '/api/v1/dashboards',
  table: 'dashboards',
  find: findDashboardRow,
  schemas: DASHBOARD_ROUTES,
  bodyLimit: 1024 * 1024,
  payload: dashboardSchema,
  toRecord: toDashboard,
} as const;

const MAX_NAME = 200;
const KIND = { kind: 'dashboard' } as const;
const COPY_SUFFIX = ' (copy)';

export function registerDashboardRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { path } = DASHBOARDS;
  const canWrite = requireSection('dashboards', 'write');
  const canRead = requireSection('dashboards', 'read');
  const list = {
    resource: 'dashboards',
    options: LIST,
    page: accountRecordsPage('dashboards', LIST, toDashboard),
  };
  app.get(path, { preValidation: canRead, schema: DASHBOARD_ROUTES.list }, listRoute(list));
  registerAccountRecordRoutes(app, {
    ...DASHBOARDS,
    canRead,
    canWrite,
    values: async (input: DashboardInput, accountId) => {
      await validateDashboard(app.db, accountId, input);
      return toDashboardValues(input);
    },
    ...keepingRevisions<'dashboards', DashboardValues, ReturnType<typeof toDashboard>>(
      app.db,
      'dashboard',
      toDashboard,
      {
        insert: (author, values) => insertDashboard(app.db, author, values),
        update: async (accountId, id, values) =>
          toDashboard(await updateDashboard(app.db, accountId, id, values)),
      },
    ),
  });

  typed.delete(
    `${path}/:id`,
    { preValidation: canWrite, schema: DASHBOARD_ROUTES.remove },
    async (request) => {
      const user = currentUser(request);
      const accountId = user.accountId;
      const row = await findDashboardRow(app.db, accountId, request.params.id);
      await deleteDashboard(app.db, accountId, row.id);
      const record = toDashboard(row);
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

  // The copy has the same tiles and filters (they reference the same charts), no share links.
  const duplicate = { preValidation: canWrite, schema: DUPLICATE_DASHBOARD };
  typed.post(`${path}/:id/duplicate`, duplicate, async (request) => {
    const user = currentUser(request);
    const source = await findDashboardRow(app.db, user.accountId, request.params.id);
    const name = `${source.name.slice(0, MAX_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const row = await insertDashboard(app.db, user, {
      name,
      description: source.description,
      tiles_json: source.tiles_json,
      tabs_json: source.tabs_json,
      filters_json: source.filters_json,
      refresh_seconds: source.refresh_seconds,
    });
    const record = toDashboard(row);
    await keepRecordRevision(app.db, {
      ...KIND,
      accountId: user.accountId,
      action: 'created',
      userId: user.id,
      record,
    });
    return record;
  });
}
