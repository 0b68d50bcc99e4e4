import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatasetRecord } from '../../../common/api/datasets';
import type {
  RollupInput,
  RollupProposal,
  RollupRecord,
  RollupShape,
} from '../../../common/api/rollups';
import type { Connector } from '../../engines/connector';
import { badRequest, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import type { SqlDialect } from '../../engines/sqlDialect';
import { sqlDialectOf } from '../../engines';
import { fromClause } from '../../query/compile/compileSemanticQuery';
import { protects } from '../../query/compile/rowPolicies';
import { proposeRollups, type Proposal } from '../../query/rollups/proposeRollup';
import { checkShape } from '../../query/rollups/rollupShape';
import { loadDataset } from '../datasets/repository';
import { requireDatasetWriter } from '../../services/sourceAccess';
import { findSource } from '../sources/repository';
import { defineRollupJobs, type RollupBuildJob } from './buildRollup';
import {
  chartQueriesOf,
  deleteRollup,
  findRollup,
  insertRollup,
  behindItsData,
  pastFreshness,
  rollupsOfDataset,
  rollupTableName,
  rowCountOf,
  shapeOf,
  sizeBytesOf,
  updateRollup,
  type RollupRow,
} from './repository';
import {
  CREATE_ROLLUP,
  DELETE_ROLLUP,
  LIST_ROLLUPS,
  PROPOSE_ROLLUPS,
  REFRESH_ROLLUP,
  UPDATE_ROLLUP,
} from './schemas';

// Rollups of a dataset: editors and admins list, declare, change, refresh and remove them,
// and see the one the product proposes from the dataset's charts. A rollup is built in the
// tenant's warehouse by a job, so only datasets over the warehouse have them.

/** Groups a proposal's row count may take to count before it is left unknown. */
const ESTIMATE_TIMEOUT_MS = 20_000;

export function registerRollupRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/datasets/:id/rollups';
  const writers = { preValidation: requireDatasetWriter };
  const build: RollupBuildJob = defineRollupJobs(app);

  const datasetOf = (request: FastifyRequest<{ Params: { id: number } }>) =>
    loadDataset(app.db, currentUser(request).accountId, request.params.id);

  const recordOf = (row: RollupRow): RollupRecord => {
    const use = app.queryEngine.rollupUse.of(row.account_id, row.dataset_id);
    const shape = shapeOf(row);
    return {
      id: row.id,
      datasetId: row.dataset_id,
      name: row.name,
      ...shape,
      refreshMinutes: row.refresh_minutes,
      freshnessMinutes: row.freshness_minutes,
      status: row.status as RollupRecord['status'],
      tableName: rollupTableName(row.id),
      rowCount: rowCountOf(row),
      sizeBytes: sizeBytesOf(row),
      buildMs: row.build_ms,
      lastRefreshedAt: row.last_refreshed_at,
      error: row.error,
      stale:
        row.status === 'stale' ||
        behindItsData(row) ||
        (row.status === 'ready' && pastFreshness(row, Date.now())),
      queriesAnswered: use.answered.get(row.id) ?? 0,
      datasetQueries: use.queries,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  };

  /** Refuses a dataset outside the warehouse, and a shape its fields cannot hold. */
  const checkDeclared = async (accountId: number, dataset: DatasetRecord, input: RollupInput) => {
    const source = await findSource(app.db, accountId, dataset.sourceId);
    if (source.type !== 'duckdb') {
      throw badRequest(
        `Rollups are built in the warehouse: "${dataset.name}" is over a ${source.type} source.`,
      );
    }
    checkShape(input, dataset);
  };

  const rollupOf = async (accountId: number, dataset: DatasetRecord, rollupId: number) => {
    const row = await findRollup(app.db, accountId, rollupId);
    if (!row || row.dataset_id !== dataset.id) throw notFound('Rollup');
    return row;
  };

  const queueBuild = (row: RollupRow) =>
    build.enqueue({ accountId: row.account_id, rollupId: row.id });

  typed.get(path, { ...writers, schema: LIST_ROLLUPS }, async (request) => {
    const dataset = await datasetOf(request);
    const rows = await rollupsOfDataset(app.db, currentUser(request).accountId, dataset.id);
    return rows.map(recordOf);
  });

  typed.get(`${path}/proposals`, { ...writers, schema: PROPOSE_ROLLUPS }, async (request) => {
    const accountId = currentUser(request).accountId;
    const dataset = await datasetOf(request);
    return proposalsFor(app, accountId, dataset);
  });

  typed.post(path, { ...writers, schema: CREATE_ROLLUP }, async (request) => {
    const user = currentUser(request);
    const dataset = await datasetOf(request);
    await checkDeclared(user.accountId, dataset, request.body);
    const owner = { accountId: user.accountId, datasetId: dataset.id, createdBy: user.id };
    const row = await insertRollup(app.db, owner, request.body);
    await queueBuild(row);
    return recordOf(row);
  });

  typed.put(`${path}/:rollupId`, { ...writers, schema: UPDATE_ROLLUP }, async (request) => {
    const accountId = currentUser(request).accountId;
    const dataset = await datasetOf(request);
    const row = await rollupOf(accountId, dataset, request.params.rollupId);
    if (request.body.id !== undefined && request.body.id !== row.id) {
      throw badRequest('id: does not match the address.', 'id');
    }
    await checkDeclared(accountId, dataset, request.body);
    const updated = await updateRollup(app.db, row.id, request.body);
    await queueBuild(updated);
    return recordOf(updated);
  });

  typed.post(
    `${path}/:rollupId/refresh`,
    { ...writers, schema: REFRESH_ROLLUP },
    async (request) => {
      const accountId = currentUser(request).accountId;
      const dataset = await datasetOf(request);
      const row = await rollupOf(accountId, dataset, request.params.rollupId);
      await queueBuild(row);
      return recordOf(row);
    },
  );

  typed.delete(`${path}/:rollupId`, { ...writers, schema: DELETE_ROLLUP }, async (request) => {
    const accountId = currentUser(request).accountId;
    const dataset = await datasetOf(request);
    const row = await rollupOf(accountId, dataset, request.params.rollupId);
    await deleteRollup(app.db, row.id);
    await app.sourceConnectors.useWarehouse(accountId, (warehouse) =>
      warehouse.dropTable(rollupTableName(row.id)),
    );
    return recordOf(row);
  });
}

/** Rows a proposal would hold: its groups counted in the warehouse, or null past the limit. */
async function estimatedRows(
  connector: Connector,
  from: string,
  dialect: SqlDialect,
  shape: RollupShape,
): Promise<number | null> {
  const grouped = [
    ...shape.dimensions.map((name) => dialect.quote(name)),
    ...(shape.timeField && shape.grain
      ? [dialect.timeGrain(dialect.quote(shape.timeField), shape.grain)]
      : []),
  ];
  if (grouped.length === 0) return 1;
  try {
    const counted = await connector.run(
      `SELECT COUNT(*) FROM (SELECT ${grouped.join(', ')} FROM ${from} GROUP BY ${grouped.join(', ')}) AS groups`,
      { timeoutMs: ESTIMATE_TIMEOUT_MS, maxRows: 1 },
    );
    return Number(counted.rows[0]?.[0]);
  } catch {
    // Too long to count, or refused: the size is shown as unknown.
    return null;
  }
}

function proposalName(proposal: Proposal): string {
  const { shape } = proposal;
  const grain = shape.grain ? ` by ${shape.grain}` : '';
  return `${shape.dimensions.join(', ') || 'all rows'}${grain}`.slice(0, 100);
}

async function proposalsFor(
  app: FastifyInstance,
  accountId: number,
  dataset: DatasetRecord,
): Promise<RollupProposal[]> {
  const source = await findSource(app.db, accountId, dataset.sourceId);
  if (source.type !== 'duckdb') return [];
  const { connector, sourceType } = await app.sourceConnectors.forRow(source);
  const dialect = sqlDialectOf(sourceType);
  const charts = await chartQueriesOf(app.db, accountId, dataset.id);
  // Viewers held by row policies are served only when the policies' fields are dimensions.
  const policyFields = (await app.queryEngine.policiesOf(accountId, dataset.sourceId))
    .filter((policy) => protects(policy, dataset))
    .map((policy) => policy.field);
  const proposals = proposeRollups(charts, dataset, dialect, new Date(), policyFields);
  const from = fromClause(dataset, dialect);
  const answers: RollupProposal[] = [];
  for (const proposal of proposals) {
    answers.push({
      shape: proposal.shape,
      name: proposalName(proposal),
      charts: proposal.charts,
      estimatedRows: await estimatedRows(connector, from, dialect, proposal.shape),
    });
  }
  return answers;
}
