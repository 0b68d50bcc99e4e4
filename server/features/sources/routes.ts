import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DataSourceConfig } from '../../../src/model/analytics';
import { runAccountListQuery } from '../../http/listQuery';
import { encryptSecret } from './secrets';
import { checkSourcePolicy, checkSourceUser } from './sourcePolicy';
import {
  connectorContext,
  sourceToOpen,
  findSource,
  toDataSource,
  type DataSourceRow,
} from './repository';
import { dataSourceSchema, type DataSourceInput } from './schemas';
import { ensureWarehouseSource, findWarehouseSource } from './warehouseSource';
import { nowIso, type Database } from '../../db/schema';
import { testSource } from '../../engines';
import { badRequest, conflict } from '../../http/errors';
import { assertWithinPlan } from '../plans/planLimits';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';
import { accountIdOf, requireSourceAdmin, requireSourceReader } from './access';

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

type Columns = Pick<DataSourceRow, 'name' | 'type' | 'config_json' | 'password_enc'>;

/** Payload -> columns; the password is encrypted, kept (omitted/empty) or removed (null). */
function toColumns(input: DataSourceInput, appSecret: string, previous?: DataSourceRow): Columns {
  const { password, ...config } = input.config as DataSourceConfig & {
    password?: string | null;
    hasPassword?: boolean;
  };
  delete config.hasPassword;
  let passwordEnc = previous?.password_enc ?? null;
  if (password === null) passwordEnc = null;
  else if (password) passwordEnc = encryptSecret(password, appSecret);
  if (input.type === 'duckdb' || input.type === 'sqlite') passwordEnc = null;
  return {
    name: input.name,
    type: input.type,
    config_json: JSON.stringify(config),
    password_enc: passwordEnc,
  };
}

async function checkNameFree(db: Kysely<Database>, accountId: number, name: string, id?: number) {
  let query = db
    .selectFrom('data_sources')
    .select('id')
    .where('account_id', '=', accountId)
    .where('name', '=', name);
  if (id !== undefined) query = query.where('id', '!=', id);
  if (await query.executeTakeFirst()) {
    throw conflict(`name: a data source named "${name}" already exists.`, 'name');
  }
}

/** A create's body, or an update's (`previous` is the stored source it may echo). */
function parseInput(request: FastifyRequest, previous?: DataSourceRow): DataSourceInput {
  const input = previous
    ? parseUpdate(dataSourceSchema, request.body, toDataSource(previous))
    : parsePayload(dataSourceSchema, request.body);
  if (input.id !== undefined && input.id !== previous?.id) {
    throw badRequest('id: does not match the record being written.', 'id');
  }
  return input;
}

export function registerSourceRoutes(app: FastifyInstance): void {
  const path = '/api/v1/datasources';
  const settings = () => app.analyticsSettings;

  app.get(path, { preHandler: requireSourceReader }, (request, reply) =>
    sendCachedList(request, reply, 'datasources', async () => {
      const list = parseListQuery(request.query, LIST);
      const accountId = accountIdOf(request);
      await ensureWarehouseSource(app.db, accountId);
      const { rows, total } = await runAccountListQuery(
        app.db,
        'data_sources',
        accountId,
        list,
        LIST,
      );
      return { rows: rows.map(toDataSource), start: list.start, total };
    }),
  );

  app.get(`${path}/:id`, { preHandler: requireSourceReader }, async (request) => {
    return toDataSource(await findSource(app.db, accountIdOf(request), parseId(request.params)));
  });

  app.post(path, { preHandler: requireSourceAdmin, bodyLimit: BODY_LIMIT }, async (request) => {
    const accountId = accountIdOf(request);
    const input = parseInput(request);
    const columns = toColumns(input, settings().appSecret);
    await checkSourcePolicy(settings(), sourceToOpen(columns, settings().appSecret));
    const row = await app.db.transaction().execute(async (trx) => {
      await checkNameFree(trx, accountId, input.name);
      await assertWithinPlan(trx, accountId, 'dataSources');
      if (input.type === 'duckdb' && (await findWarehouseSource(trx, accountId))) {
        throw conflict('type: this account already has its DuckDB warehouse source.', 'type');
      }
      const now = nowIso();
      return trx
        .insertInto('data_sources')
        .values({ ...columns, account_id: accountId, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toDataSource(row);
  });

  app.put(
    `${path}/:id`,
    { preHandler: requireSourceAdmin, bodyLimit: BODY_LIMIT },
    async (request) => {
      const accountId = accountIdOf(request);
      const id = parseId(request.params);
      const previous = await findSource(app.db, accountId, id);
      const input = parseInput(request, previous);
      if (input.type !== previous.type) {
        throw badRequest(
          `type: a ${previous.type} source cannot become ${input.type}; create a new source.`,
          'type',
        );
      }
      const columns = toColumns(input, settings().appSecret, previous);
      await checkSourcePolicy(settings(), sourceToOpen(columns, settings().appSecret));
      const row = await app.db.transaction().execute(async (trx) => {
        await checkNameFree(trx, accountId, input.name, id);
        return trx
          .updateTable('data_sources')
          .set({ ...columns, updated_at: nowIso() })
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      await app.sourceConnectors.forget(id);
      app.queryEngine.invalidateSource(accountId, id);
      return toDataSource(row);
    },
  );

  app.delete(`${path}/:id`, { preHandler: requireSourceAdmin }, async (request) => {
    const accountId = accountIdOf(request);
    const id = parseId(request.params);
    const row = await app.db.transaction().execute(async (trx) => {
      const source = await findSource(trx, accountId, id);
      const used = await trx
        .selectFrom('datasets')
        .select('name')
        .where('source_id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
      if (used.length) {
        const names = used.map((d) => `"${d.name}"`).join(', ');
        throw conflict(
          `This data source is used by dataset${used.length > 1 ? 's' : ''} ${names}.`,
        );
      }
      await trx.deleteFrom('data_sources').where('id', '=', id).execute();
      return source;
    });
    await app.sourceConnectors.forget(id);
    app.queryEngine.invalidateSource(accountId, id);
    return toDataSource(row);
  });

  app.post(`${path}/:id/test`, { preHandler: requireSourceAdmin }, async (request) => {
    const row = await findSource(app.db, accountIdOf(request), parseId(request.params));
    const source = sourceToOpen(row, settings().appSecret);
    await checkSourceUser(settings(), source);
    // A throw-away connector: the test must reach the source, not a kept pool.
    return testSource(source, connectorContext(settings(), row.account_id));
  });

  app.get(`${path}/:id/schema`, { preHandler: requireSourceReader }, async (request) => {
    const row = await findSource(app.db, accountIdOf(request), parseId(request.params));
    const { connector } = await app.sourceConnectors.forRow(row);
    return connector.listSchema();
  });
}
