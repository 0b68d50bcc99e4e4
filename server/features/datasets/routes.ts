import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatasetField, QueryColumn } from '../../../src/model/analytics';
import { runAccountListQuery } from '../../http/listQuery';
import {
  countDatasetRows,
  describeDataset,
  previewDataset,
  profileDataset,
  type DatasetSource,
} from './datasetQueries';
import { findDatasetRow, toDataset, type DatasetRow } from './repository';
import { datasetSchema, previewQuerySchema, type DatasetInput } from './schemas';
import type { ColumnProfiles } from './columnProfile';
import { detectFields } from './fieldDetection';
import type { SourceConnector } from '../sources/repository';
import { nowIso, type Database } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';
import { accountIdOf, requireDatasetReader, requireDatasetWriter } from '../sources/access';

// /api/v1/datasets in the ra-data-simple-rest contract, plus preview, row count and refresh.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    name: 'name',
    sourceId: 'source_id',
    rowCount: 'row_count',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    description: 'description',
  },
  sortable: ['id', 'name', 'sourceId', 'rowCount', 'createdAt', 'updatedAt'],
  filterable: ['id', 'sourceId', 'name'],
  searchable: ['name', 'description'],
  defaultSort: { field: 'name', order: 'asc' },
};

const BODY_LIMIT = 1024 * 1024;

/** A source error while describing the table or SQL, told as a 400 naming that field. */
function asFieldError(error: unknown, dataset: DatasetSource): never {
  if (error instanceof ApiError && error.statusCode === 400) {
    const field = dataset.table ? 'table' : 'sql';
    throw badRequest(`${field}: ${error.message}`, field);
  }
  throw error;
}

/**
 * The fields to store: the given ones checked against the columns, else detected ones from
 * the columns' `profiles` (keeping `previous` fields that still exist as they are: a role,
 * type or label the user set is never detected anew).
 */
function fieldsFor(
  columns: QueryColumn[],
  given: DatasetField[] | undefined,
  previous: DatasetField[] = [],
  profiles?: ColumnProfiles,
): DatasetField[] {
  if (!given) {
    const kept = new Map(previous.map((field) => [field.name, field]));
    return detectFields(columns, profiles).map((field) => kept.get(field.name) ?? field);
  }
  const names = new Set(columns.map((column) => column.name));
  const seen = new Set<string>();
  given.forEach((field, index) => {
    if (!names.has(field.name)) {
      throw badRequest(
        `fields.${index}.name: the source has no column "${field.name}".`,
        `fields.${index}.name`,
      );
    }
    if (seen.has(field.name)) {
      throw badRequest(
        `fields.${index}.name: "${field.name}" is listed twice.`,
        `fields.${index}.name`,
      );
    }
    seen.add(field.name);
  });
  return given;
}

async function checkNameFree(db: Kysely<Database>, accountId: number, name: string, id?: number) {
  let query = db
    .selectFrom('datasets')
    .select('id')
    .where('account_id', '=', accountId)
    .where('name', '=', name);
  if (id !== undefined) query = query.where('id', '!=', id);
  if (await query.executeTakeFirst()) {
    throw conflict(`name: a dataset named "${name}" already exists.`, 'name');
  }
}

export function registerDatasetRoutes(app: FastifyInstance): void {
  const path = '/api/v1/datasets';
  const timeoutMs = () => app.analyticsSettings.statementTimeoutMs;

  async function sourceOf(accountId: number, sourceId: number): Promise<SourceConnector> {
    const row = await app.db
      .selectFrom('data_sources')
      .selectAll()
      .where('id', '=', sourceId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) throw badRequest(`sourceId: no data source ${sourceId} in this account.`, 'sourceId');
    return app.sourceConnectors.forRow(row);
  }

  /** The row count, or null when the source cannot count within the time limit. */
  async function rowCountOf(
    source: SourceConnector,
    dataset: DatasetSource,
  ): Promise<number | null> {
    try {
      return await countDatasetRows(source.connector, dataset, timeoutMs());
    } catch (error) {
      app.log.warn({ err: error }, 'dataset row count failed');
      return null;
    }
  }

  /** Sampled profiles of the columns, or none when the source cannot answer in time. */
  async function profilesOf(
    source: SourceConnector,
    dataset: DatasetSource,
  ): Promise<ColumnProfiles | undefined> {
    try {
      return await profileDataset(source.connector, dataset, timeoutMs());
    } catch (error) {
      app.log.warn({ err: error }, 'dataset column profiling failed');
      return undefined;
    }
  }

  /** Checks the payload against its source and answers the columns to store. */
  async function prepare(request: FastifyRequest, accountId: number, previous?: DatasetRow) {
    const input: DatasetInput = previous
      ? parseUpdate(datasetSchema, request.body, toDataset(previous), { readOnly: ['rowCount'] })
      : parsePayload(datasetSchema, request.body);
    if (input.id !== undefined && input.id !== previous?.id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    const target: DatasetSource = { table: input.table ?? undefined, sql: input.sql ?? undefined };
    const source = await sourceOf(accountId, input.sourceId);
    const columns = await describeDataset(source.connector, target, timeoutMs()).catch((error) =>
      asFieldError(error, target),
    );
    const previousFields = previous ? toDataset(previous).fields : [];
    const profiles = input.fields ? undefined : await profilesOf(source, target);
    const fields = fieldsFor(columns, input.fields, previousFields, profiles);
    return {
      source,
      target,
      values: {
        source_id: input.sourceId,
        name: input.name,
        description: input.description,
        table_name: target.table ?? null,
        sql: target.sql ?? null,
        fields_json: JSON.stringify(fields),
        row_count: await rowCountOf(source, target),
      },
    };
  }

  app.get(path, { preHandler: requireDatasetReader }, (request, reply) =>
    sendCachedList(request, reply, 'datasets', async () => {
      const list = parseListQuery(request.query, LIST);
      const { rows, total } = await runAccountListQuery(
        app.db,
        'datasets',
        accountIdOf(request),
        list,
        LIST,
      );
      return { rows: rows.map(toDataset), start: list.start, total };
    }),
  );

  app.get(`${path}/:id`, { preHandler: requireDatasetReader }, async (request) => {
    return toDataset(await findDatasetRow(app.db, accountIdOf(request), parseId(request.params)));
  });

  app.post(path, { preHandler: requireDatasetWriter, bodyLimit: BODY_LIMIT }, async (request) => {
    const accountId = accountIdOf(request);
    const { values } = await prepare(request, accountId);
    const row = await app.db.transaction().execute(async (trx) => {
      await checkNameFree(trx, accountId, values.name);
      const now = nowIso();
      return trx
        .insertInto('datasets')
        .values({ ...values, account_id: accountId, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toDataset(row);
  });

  app.put(
    `${path}/:id`,
    { preHandler: requireDatasetWriter, bodyLimit: BODY_LIMIT },
    async (request) => {
      const accountId = accountIdOf(request);
      const id = parseId(request.params);
      const previous = await findDatasetRow(app.db, accountId, id);
      const { values } = await prepare(request, accountId, previous);
      const row = await app.db.transaction().execute(async (trx) => {
        await checkNameFree(trx, accountId, values.name, id);
        return trx
          .updateTable('datasets')
          .set({ ...values, updated_at: nowIso() })
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toDataset(row);
    },
  );

  app.delete(`${path}/:id`, { preHandler: requireDatasetWriter }, async (request) => {
    const accountId = accountIdOf(request);
    const row = await findDatasetRow(app.db, accountId, parseId(request.params));
    await refuseWhileChartsUse(app, accountId, row.id);
    await app.db
      .deleteFrom('datasets')
      .where('id', '=', row.id)
      .where('account_id', '=', accountId)
      .execute();
    return toDataset(row);
  });

  app.get(`${path}/:id/preview`, { preHandler: requireDatasetReader }, async (request) => {
    const { limit } = parsePayload(previewQuerySchema, request.query ?? {});
    const accountId = accountIdOf(request);
    const dataset = toDataset(await findDatasetRow(app.db, accountId, parseId(request.params)));
    const source = await sourceOf(accountId, dataset.sourceId);
    return previewDataset(source.connector, dataset, limit, timeoutMs());
  });

  app.get(`${path}/:id/rowCount`, { preHandler: requireDatasetReader }, async (request) => {
    const row = await findDatasetRow(app.db, accountIdOf(request), parseId(request.params));
    return { rowCount: row.row_count === null ? null : Number(row.row_count) };
  });

  // Re-reads the columns (new ones detected, gone ones dropped, edits kept) and the row count.
  app.post(`${path}/:id/refresh`, { preHandler: requireDatasetWriter }, async (request) => {
    const accountId = accountIdOf(request);
    const previous = await findDatasetRow(app.db, accountId, parseId(request.params));
    const dataset = toDataset(previous);
    const source = await sourceOf(accountId, dataset.sourceId);
    const columns = await describeDataset(source.connector, dataset, timeoutMs()).catch((error) =>
      asFieldError(error, dataset),
    );
    const row = await app.db
      .updateTable('datasets')
      .set({
        fields_json: JSON.stringify(
          fieldsFor(columns, undefined, dataset.fields, await profilesOf(source, dataset)),
        ),
        row_count: await rowCountOf(source, dataset),
        updated_at: nowIso(),
      })
      .where('id', '=', previous.id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDataset(row);
  });
}

/** A dataset that saved charts query cannot go: 409 naming the charts. */
async function refuseWhileChartsUse(app: FastifyInstance, accountId: number, datasetId: number) {
  const charts = await app.db
    .selectFrom('charts')
    .select('name')
    .where('account_id', '=', accountId)
    .where('dataset_id', '=', datasetId)
    .orderBy('name')
    .limit(5)
    .execute();
  if (charts.length === 0) return;
  const names = charts.map((chart) => `"${chart.name}"`).join(', ');
  throw conflict(`Saved charts use this dataset (${names}); delete or change them first.`);
}
