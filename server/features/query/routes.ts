import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canAccess } from '../../../common/sections';
import { forbidden } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { asQueryError, closeSignal } from '../../query/clientCancellation';
import { fieldValues } from '../../query/fieldValues';
import { FIELD_VALUES, RUN_PIVOT, RUN_QUERY, RUN_SQL, UNDERLYING_ROWS } from './schemas';

// POST /api/v1/query runs a SemanticQuery (charts, dashboards: any user of the tenant), and
// POST /api/v1/query/values lists a field's values for a dashboard values filter,
// POST /api/v1/query/rows the rows behind a number, POST /api/v1/query/pivot a pivot's cells
// and totals;
// POST /api/v1/sql runs explorer SQL (editors and admins). A client that goes away before
// the answer aborts the signal handed down, which cancels the query at the source.

/** Any signed-in user of a tenant; the platform admin has no datasets to query. */
async function requireQueryReader(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (!canAccess(user.role, 'dashboards', 'read') && !canAccess(user.role, 'aicharts', 'read')) {
    throw forbidden(`Your role (${user.role}) may not run chart queries.`);
  }
}

export async function registerQueryRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.queryEngine;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Who may query is asked before the body is validated: an anonymous call answers 401.
  const reader = { preValidation: requireQueryReader, config: { readsOnly: true } };
  typed.post('/api/v1/query', { ...reader, schema: RUN_QUERY }, async (request, reply) => {
    const { query } = request.body;
    const signal = closeSignal(reply);
    const user = currentUser(request);
    const viewer = await engine.viewerOf(user);
    return engine
      .runSemantic({ accountId: user.accountId, query, viewer, signal })
      .catch(asQueryError);
  });

  typed.post(
    '/api/v1/query/values',
    { ...reader, schema: FIELD_VALUES },
    async (request, reply) => {
      const user = currentUser(request);
      const viewer = await engine.viewerOf(user);
      const lookup = { accountId: user.accountId, viewer, ...request.body };
      return fieldValues(engine, { ...lookup, signal: closeSignal(reply) }).then(
        (values) => ({ values }),
        asQueryError,
      );
    },
  );

  // "View these rows": the rows behind a chart's number, a page at a time.
  typed.post(
    '/api/v1/query/rows',
    { ...reader, schema: UNDERLYING_ROWS },
    async (request, reply) => {
      const user = currentUser(request);
      const viewer = await engine.viewerOf(user);
      const { datasetId, ...rows } = request.body;
      const signal = closeSignal(reply);
      const answer = await engine
        .runRows({ accountId: user.accountId, datasetId, rows, viewer, signal })
        .catch(asQueryError);
      return {
        columns: answer.columns,
        rows: answer.rows,
        offset: rows.offset,
        hasMore: answer.truncated,
        durationMs: answer.durationMs,
      };
    },
  );

  typed.post('/api/v1/query/pivot', { ...reader, schema: RUN_PIVOT }, async (request, reply) => {
    const user = currentUser(request);
    const viewer = await engine.viewerOf(user);
    const { datasetId, ...pivot } = request.body;
    const signal = closeSignal(reply);
    return engine
      .runPivot({ accountId: user.accountId, datasetId, pivot, viewer, signal })
      .catch(asQueryError);
  });

  const explorer = {
    preValidation: requireSection('data-explorer', 'write'),
    config: { readsOnly: true },
    schema: RUN_SQL,
  };
  typed.post('/api/v1/sql', explorer, async (request, reply) => {
    const signal = closeSignal(reply);
    const { accountId, role } = currentUser(request);
    return engine.runSql({ accountId, role, ...request.body, signal }).catch(asQueryError);
  });
}
