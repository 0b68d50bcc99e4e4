import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DataSourceConfig } from '../../../common/analytics';
import type { DataSourceInput } from '../../../common/api/sources';
import { listRoute } from '../../http/listRoute';
import { accountRecordsPage, accountShowHandler } from '../../http/recordHandlers';
import { currentUser } from '../../http/currentUser';
import { encryptSecret } from '../../services/secrets';
import { checkSourcePolicy } from './sourcePolicy';
import {
  connectorContext,
  deleteUnusedSource,
  sourceToOpen,
  findSource,
  insertSource,
  sourceNameTaken,
  toDataSource,
  updateSource,
  type DataSourceRow,
  type SourceColumns,
} from './repository';
import { SOURCE_ROUTES, SOURCE_TABLES, TEST_SOURCE } from './schemas';
import { ensureWarehouseSource, findWarehouseSource } from './warehouseSourceService';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import { testSource } from '../../engines';
import { badRequest, conflict } from '../../errors';
import { assertWithinPlan } from '../plans/planLimitsService';
import { checkBodyId, parseUpdate } from '../../http/updatePayload';
import type { ListOptions } from '../../http/simpleRest';
import { DATA_SOURCE_INPUT } from '../../../common/api/sources';
import { defaultSourcePort, sourceTypeInfo } from '../../../common/sourceTypes';
import { accountIdOf, requireSourceAdmin, requireSourceReader } from '../../services/sourceAccess';

// /api/v1/datasources in the ra-data-simple-rest contract, plus test and schema browse.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    name: 'name',
    type: 'type',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  sortable: ['id', 'name', 'type', 'createdAt', 'updatedAt'],
  filterable: ['id', 'type', 'name'],
  searchable: ['name'],
  defaultSort: { field: 'name', order: 'asc' },
};

const BODY_LIMIT = 64 * 1024;

/** Payload -> columns; the password is encrypted, kept (omitted/empty) or removed (null). */
function toColumns(
  input: DataSourceInput,
  appSecret: string,
  previous?: DataSourceRow,
): SourceColumns {
  const { password, ...config } = input.config as DataSourceConfig & {
    password?: string | null;
    hasPassword?: boolean;
  };
  delete config.hasPassword;
  config.port ??= defaultSourcePort(input.type, config.ssl);
  if (config.port === undefined) delete config.port;
  let passwordEnc = previous?.password_enc ?? null;
  if (password === null) passwordEnc = null;
  else if (password) passwordEnc = encryptSecret(password, appSecret);
  if (!sourceTypeInfo(input.type).fields.includes('password')) passwordEnc = null;
  return {
    name: input.name,
    type: input.type,
    config_json: JSON.stringify(config),
    password_enc: passwordEnc,
  };
}

async function checkNameFree(db: Kysely<Database>, accountId: number, name: string, id?: number) {
  if (await sourceNameTaken(db, accountId, name, id)) {
    throw conflict(`name: a data source named "${name}" already exists.`, 'name');
  }
}

/** An update's body without the read-only fields it echoes (`previous` as served). */
function checkUpdate(body: unknown, previous: DataSourceRow): DataSourceInput {
  const input = parseUpdate(DATA_SOURCE_INPUT, body, toDataSource(previous));
  checkBodyId(input.id, previous.id);
  return input;
}

export function registerSourceRoutes(app: FastifyInstance): void {
  const path = '/api/v1/datasources';
  const settings = () => app.analyticsSettings;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Who may read or write is asked before the payload is validated (preValidation).
  const reader = { preValidation: requireSourceReader };
  const admin = { preValidation: requireSourceAdmin };

  const accountSources = accountRecordsPage('data_sources', LIST, toDataSource);
  const list = listRoute({
    resource: 'datasources',
    options: LIST,
    page: async (request, query) => {
      // The warehouse is listed from the first visit, before anything was uploaded to it.
      await ensureWarehouseSource(app.db, currentUser(request).accountId);
      return accountSources(request, query);
    },
  });
  app.get(path, { ...reader, schema: SOURCE_ROUTES.list }, list);

  const showOne = accountShowHandler(findSource, toDataSource);
  typed.get(`${path}/:id`, { ...reader, schema: SOURCE_ROUTES.show }, showOne);

  const create = { ...admin, bodyLimit: BODY_LIMIT, schema: SOURCE_ROUTES.create };
  typed.post(path, create, async (request) => {
    const accountId = accountIdOf(request);
    const input = request.body;
    checkBodyId(input.id, undefined);
    const columns = toColumns(input, settings().appSecret);
    await checkSourcePolicy(settings(), sourceToOpen(columns, settings().appSecret));
    const row = await insertSource(app.db, accountId, columns, async (trx) => {
      await checkNameFree(trx, accountId, input.name);
      await assertWithinPlan(trx, accountId, 'dataSources');
      const warehouse = sourceTypeInfo(input.type).connection === 'warehouse';
      if (warehouse && (await findWarehouseSource(trx, accountId))) {
        throw conflict('type: this account already has its DuckDB warehouse source.', 'type');
      }
    });
    return toDataSource(row);
  });

  const update = { ...admin, bodyLimit: BODY_LIMIT, schema: SOURCE_ROUTES.update };
  typed.put(`${path}/:id`, update, async (request) => {
    const accountId = accountIdOf(request);
    const id = request.params.id;
    const previous = await findSource(app.db, accountId, id);
    const input = checkUpdate(request.body, previous);
    if (input.type !== previous.type) {
      throw badRequest(
        `type: a ${previous.type} source cannot become ${input.type}; create a new source.`,
        'type',
      );
    }
    const columns = toColumns(input, settings().appSecret, previous);
    await checkSourcePolicy(settings(), sourceToOpen(columns, settings().appSecret));
    const row = await updateSource(app.db, accountId, id, columns, (trx) =>
      checkNameFree(trx, accountId, input.name, id),
    );
    await app.sourceConnectors.forget(id);
    app.queryEngine.invalidateSource(accountId, id);
    return toDataSource(row);
  });

  typed.delete(`${path}/:id`, { ...admin, schema: SOURCE_ROUTES.remove }, async (request) => {
    const accountId = accountIdOf(request);
    const id = request.params.id;
    const row = await deleteUnusedSource(app.db, accountId, id);
    await app.sourceConnectors.forget(id);
    app.queryEngine.invalidateSource(accountId, id);
    return toDataSource(row);
  });

  typed.post(`${path}/:id/test`, { ...admin, schema: TEST_SOURCE }, async (request) => {
    const row = await findSource(app.db, accountIdOf(request), request.params.id);
    const source = sourceToOpen(row, settings().appSecret);
    // A host the policy refuses (saved before a range was refused, or no longer allowed) is a
    // 400 naming config.host, as when saving, before anything connects.
    await checkSourcePolicy(settings(), source);
    // A throw-away connector: the test must reach the source, not a kept pool.
    return testSource(source, connectorContext(settings(), row.account_id));
  });

  typed.get(`${path}/:id/schema`, { ...reader, schema: SOURCE_TABLES }, async (request) => {
    const user = currentUser(request);
    const row = await findSource(app.db, user.accountId, request.params.id);
    const { connector } = await app.sourceConnectors.forRow(row);
    const schema = await connector.listSchema();
    // The tables' sizes count the rows a policy keeps from the reader.
    if (!(await app.queryEngine.rawReadingRestricted(user.accountId, row.id, user.role))) {
      return schema;
    }
    return { tables: schema.tables.map(({ rowCount: _hidden, ...table }) => table) };
  });
}
