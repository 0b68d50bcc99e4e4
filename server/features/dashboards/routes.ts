import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runAccountListQuery } from '../../http/listQuery';
import {
  deleteDashboard,
  findDashboardRow,
  insertDashboard,
  toDashboard,
  updateDashboard,
  type DashboardValues,
} from './repository';
import { dashboardSchema, type DashboardInput } from '../../../src/model/api/dashboards';
import { DASHBOARD_ROUTES, DUPLICATE_DASHBOARD } from './schemas';
import { validateDashboard } from './dashboardValidation';
import { badRequest } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseListQuery, type ListOptions } from '../../http/simpleRest';

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

export function registerDashboardRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/dashboards';
  // Who may read or write is asked before the request is validated.
  const read = { preValidation: requireSection('dashboards', 'read') };
  const write = { preValidation: requireSection('dashboards', 'write'), bodyLimit: BODY_LIMIT };

  /** The columns of a checked create or update. */
  async function dashboardValues(
    input: DashboardInput,
    accountId: number,
    id?: number,
  ): Promise<DashboardValues> {
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

  app.get(path, { ...read, schema: DASHBOARD_ROUTES.list }, (request, reply) =>
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

  typed.get(`${path}/:id`, { ...read, schema: DASHBOARD_ROUTES.show }, async (request) => {
    const accountId = currentUser(request).accountId;
    return toDashboard(await findDashboardRow(app.db, accountId, request.params.id));
  });

  typed.post(path, { ...write, schema: DASHBOARD_ROUTES.create }, async (request) => {
    const user = currentUser(request);
    const values = await dashboardValues(request.body, user.accountId);
    return toDashboard(await insertDashboard(app.db, user, values));
  });

  typed.put(`${path}/:id`, { ...write, schema: DASHBOARD_ROUTES.update }, async (request) => {
    const accountId = currentUser(request).accountId;
    const id = request.params.id;
    const previous = await findDashboardRow(app.db, accountId, id);
    const input = parseUpdate(dashboardSchema, request.body, toDashboard(previous));
    const values = await dashboardValues(input, accountId, id);
    return toDashboard(await updateDashboard(app.db, accountId, id, values));
  });

  typed.delete(`${path}/:id`, { ...write, schema: DASHBOARD_ROUTES.remove }, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findDashboardRow(app.db, accountId, request.params.id);
    await deleteDashboard(app.db, accountId, row.id);
    return toDashboard(row);
  });

  // The copy has the same tiles and filters (they reference the same charts), no share links.
  const duplicate = { preValidation: write.preValidation, schema: DUPLICATE_DASHBOARD };
  typed.post(`${path}/:id/duplicate`, duplicate, async (request) => {
    const user = currentUser(request);
    const source = await findDashboardRow(app.db, user.accountId, request.params.id);
    const name = `${source.name.slice(0, MAX_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const row = await insertDashboard(app.db, user, {
      name,
      description: source.description,
      tiles_json: source.tiles_json,
      filters_json: source.filters_json,
      refresh_seconds: source.refresh_seconds,
    });
    return toDashboard(row);
  });
}
