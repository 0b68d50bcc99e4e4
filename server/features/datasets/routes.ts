import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { DATASET_INPUT, type DatasetInput } from '../../../common/api/datasets';
import { listRoute } from '../../http/listRoute';
import { runAccountListQuery } from '../../db/listQuery';
import {
  datasetsRestrictedFor,
  holdsFor,
  mayLoosen,
  policyRoleOf,
} from '../../query/compile/rowPolicies';
import { policiesOfAccount } from '../../db/rowPolicies';
import {
  countDatasetRows,
  describeDataset,
  previewDataset,
  profileDataset,
  type DatasetSource,
} from './datasetQueries';
import {
  chartNamesOfDataset,
  datasetNameTaken,
  deleteDataset,
  findDatasetRow,
  insertDataset,
  toDataset,
  updateDataset,
  type DatasetRow,
} from './repository';
import { DATASET_ROUTES, DATASET_ROW_COUNT, PREVIEW_DATASET, REFRESH_DATASET } from './schemas';
import type { ColumnProfiles } from './columnProfile';
import { drillPathsFor, fieldsFor } from './fieldsToStore';
import { lookupAccountRow } from '../../db/accountRows';
import type { SourceConnector } from '../sources/repository';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, conflict, refused } from '../../errors';
import { checkBodyId, parseUpdate } from '../../http/updatePayload';
import type { ListOptions } from '../../http/simpleRest';
import {
  accountIdOf,
  requireDatasetReader,
  requireDatasetWriter,
} from '../../services/sourceAccess';
import { currentUser } from '../../plugins/auth';
import type { User } from '../../../common/types';
import type { RowPolicy } from '../../../common/api/rowPolicies';
import { keepRecordRevision } from '../../db/revisions';
import type { RevisionAction } from '../../../common/revisions';

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

async function checkNameFree(db: Kysely<Database>, accountId: number, name: string, id?: number) {
  if (await datasetNameTaken(db, accountId, name, id)) {
    throw conflict(`name: a dataset named "${name}" already exists.`, 'name');
  }
}

export function registerDatasetRoutes(app: FastifyInstance): void {
  const path = '/api/v1/datasets';
  const timeoutMs = () => app.analyticsSettings.statementTimeoutMs;

  async function sourceOf(accountId: number, sourceId: number): Promise<SourceConnector> {
    const row = await lookupAccountRow(app.db, 'data_sources', accountId, sourceId);
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
  async function prepare(input: DatasetInput, user: User, previous?: DatasetRow) {
    const accountId = user.accountId;
    checkBodyId(input.id, previous?.id);
    // Describing a table or SQL reads its rows (profiles, counts) around any policy.
    await app.queryEngine.requireRawReading(accountId, input.sourceId, user.role, 'A dataset');
    if (previous && previous.source_id !== input.sourceId) {
      await app.queryEngine.requireRawReading(
        accountId,
        previous.source_id,
        user.role,
        'A dataset',
      );
    }
    const target: DatasetSource = { table: input.table ?? undefined, sql: input.sql ?? undefined };
    const source = await sourceOf(accountId, input.sourceId);
    const columns = await describeDataset(source.connector, target, timeoutMs()).catch((error) =>
      asFieldError(error, target),
    );
    const previousFields = previous ? toDataset(previous).fields : [];
    const profiles = input.fields ? undefined : await profilesOf(source, target);
    const fields = fieldsFor(columns, input.fields, previousFields, profiles);
    const previousPaths = previous ? (toDataset(previous).drillPaths ?? []) : [];
    const drillPaths = drillPathsFor(fields, input.drillPaths, previousPaths);
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
        drill_paths_json: JSON.stringify(drillPaths),
        row_count: await rowCountOf(source, target),
      },
    };
  }

  /** The dataset's record once its revision is kept (after the object as it was `before`). */
  async function kept(user: User, action: RevisionAction, row: DatasetRow, before?: DatasetRow) {
    const record = toDataset(row);
    await keepRecordRevision(app.db, {
      kind: 'dataset',
      accountId: user.accountId,
      action,
      userId: user.id,
      record,
      before: before && { record: toDataset(before), createdBy: null },
    });
    return record;
  }

  // Who may read or write is asked before the payload is validated (preValidation).
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const reader = { preValidation: requireDatasetReader };
  const writer = { preValidation: requireDatasetWriter };

  /** Of `rows`, the datasets one of `policies` holds on for the signed-in user's role. */
  const restrictedFor = (user: User, policies: RowPolicy[], rows: DatasetRow[]) =>
    datasetsRestrictedFor(policies, rows.map(toDataset), [policyRoleOf(user.role)]);

  /** One dataset's row without its count of all rows when a policy holds on it for `user`. */
  const shownTo = async (user: User, row: DatasetRow) => {
    const policies = await app.queryEngine.policiesOf(user.accountId, row.source_id);
    return withoutRestrictedCount(row, restrictedFor(user, policies, [row]));
  };

  const listRows = listRoute({
    resource: 'datasets',
    options: LIST,
    page: async (request, query) => {
      const user = currentUser(request);
      const policies = await policiesOfAccount(app.db, user.accountId);
      const held = policies.some((policy) => holdsFor(policy, [policyRoleOf(user.role)]));
      // Ordered by row count, a list would still tell the sizes it leaves out.
      const sort = held && query.sort.field === 'rowCount' ? LIST.defaultSort! : query.sort;
      const { rows, total } = await runAccountListQuery(
        app.db,
        'datasets',
        user.accountId,
        { ...query, sort },
        LIST,
      );
      const restricted = restrictedFor(user, policies, rows);
      const records = rows.map((row) => toDataset(withoutRestrictedCount(row, restricted)));
      return { records, total };
    },
  });
  app.get(path, { ...reader, schema: DATASET_ROUTES.list }, listRows);

  typed.get(`${path}/:id`, { ...reader, schema: DATASET_ROUTES.show }, async (request) => {
    const user = currentUser(request);
    const row = await findDatasetRow(app.db, user.accountId, request.params.id);
    return toDataset(await shownTo(user, row));
  });

  const create = { ...writer, bodyLimit: BODY_LIMIT, schema: DATASET_ROUTES.create };
  typed.post(path, create, async (request) => {
    const user = currentUser(request);
    const accountId = user.accountId;
    const { values } = await prepare(request.body, user);
    const row = await insertDataset(app.db, accountId, values, (trx) =>
      checkNameFree(trx, accountId, values.name),
    );
    return kept(user, 'created', row);
  });

  const update = { ...writer, bodyLimit: BODY_LIMIT, schema: DATASET_ROUTES.update };
  typed.put(`${path}/:id`, update, async (request) => {
    const accountId = accountIdOf(request);
    const id = request.params.id;
    const previous = await findDatasetRow(app.db, accountId, id);
    const readOnly = ['rowCount'];
    const input = parseUpdate(DATASET_INPUT, request.body, toDataset(previous), { readOnly });
    const { values } = await prepare(input, currentUser(request), previous);
    const row = await updateDataset(app.db, accountId, id, values, (trx) =>
      checkNameFree(trx, accountId, values.name, id),
    );
    return kept(currentUser(request), 'updated', row, previous);
  });

  typed.delete(`${path}/:id`, { ...writer, schema: DATASET_ROUTES.remove }, async (request) => {
    const user = currentUser(request);
    const accountId = user.accountId;
    const row = await findDatasetRow(app.db, accountId, request.params.id);
    await refuseWhileChartsUse(app.db, accountId, row.id);
    await refuseLiftingOwnPolicies(app.db, user, row);
    await deleteDataset(app.db, accountId, row.id);
    return kept(user, 'deleted', row, row);
  });

  typed.get(`${path}/:id/preview`, { ...reader, schema: PREVIEW_DATASET }, async (request) => {
    const { limit } = request.query;
    const accountId = accountIdOf(request);
    const dataset = toDataset(await findDatasetRow(app.db, accountId, request.params.id));
    const role = currentUser(request).role;
    await app.queryEngine.requireRawReading(accountId, dataset.sourceId, role, 'A preview');
    const source = await sourceOf(accountId, dataset.sourceId);
    return previewDataset(source.connector, dataset, limit, timeoutMs());
  });

  typed.get(`${path}/:id/rowCount`, { ...reader, schema: DATASET_ROW_COUNT }, async (request) => {
    const user = currentUser(request);
    const found = await findDatasetRow(app.db, user.accountId, request.params.id);
    const row = await shownTo(user, found);
    return { rowCount: row.row_count === null ? null : Number(row.row_count) };
  });

  // Re-reads the columns (new ones detected, gone ones dropped, edits kept) and the row count.
  typed.post(`${path}/:id/refresh`, { ...writer, schema: REFRESH_DATASET }, async (request) => {
    const accountId = accountIdOf(request);
    const previous = await findDatasetRow(app.db, accountId, request.params.id);
    const dataset = toDataset(previous);
    const role = currentUser(request).role;
    await app.queryEngine.requireRawReading(accountId, dataset.sourceId, role, 'A dataset');
    const source = await sourceOf(accountId, dataset.sourceId);
    const columns = await describeDataset(source.connector, dataset, timeoutMs()).catch((error) =>
      asFieldError(error, dataset),
    );
    const row = await updateDataset(app.db, accountId, previous.id, {
      fields_json: JSON.stringify(
        fieldsFor(columns, undefined, dataset.fields, await profilesOf(source, dataset)),
      ),
      row_count: await rowCountOf(source, dataset),
    });
    return kept(currentUser(request), 'updated', row, previous);
  });
}

/** The row without its count of all rows when a policy restricts the reader's rows of it. */
function withoutRestrictedCount(row: DatasetRow, restricted: Set<number>): DatasetRow {
  return restricted.has(row.id) ? { ...row, row_count: null } : row;
}

/**
 * A SQL dataset's own policies go with it: one that holds for editors is an admin's to lift
 * (a table's policies stay with the table whatever happens to its datasets).
 */
async function refuseLiftingOwnPolicies(db: Kysely<Database>, user: User, row: DatasetRow) {
  const own = (await policiesOfAccount(db, user.accountId, row.source_id)).filter(
    (policy) => policy.table === null && policy.datasetId === row.id,
  );
  if (own.some((policy) => !mayLoosen(user.role, policy))) {
    throw refused(
      'row-policy',
      'Only an admin may delete a dataset whose row policies apply to editors: its policies would go with it.',
    );
  }
}

/** A dataset that saved charts query cannot go: 409 naming the charts. */
async function refuseWhileChartsUse(db: Kysely<Database>, accountId: number, datasetId: number) {
  const charts = await chartNamesOfDataset(db, accountId, datasetId, 5);
  if (charts.length === 0) return;
  const names = charts.map((name) => `"${name}"`).join(', ');
  throw conflict(`Saved charts use this dataset (${names}); delete or change them first.`);
}
