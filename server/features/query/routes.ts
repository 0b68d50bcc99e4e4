import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldValuesAnswer } from '../../../src/model/fieldValues';
import { canAccess } from '../../../src/model/sections';
import { cancelledError } from '../../engines/queryError';
import { forbidden } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { fieldValues } from '../../query/fieldValues';
import {
  fieldValuesRequestSchema,
  queryRequestSchema,
  sqlRequestSchema,
} from '../../query/querySchemas';
import { AbortedError } from '../../query/singleFlight';
import { parsePayload } from '../../http/validation';

// POST /api/v1/query runs a SemanticQuery (charts, dashboards: any user of the tenant), and
// POST /api/v1/query/values lists a field's values for a dashboard values filter;
// POST /api/v1/sql runs explorer SQL (editors and admins). A client that goes away before
// the answer aborts the signal handed down, which cancels the query at the source.

/** Any signed-in user of a tenant; the platform admin has no datasets to query. */
async function requireQueryReader(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (!canAccess(user.role, 'dashboards', 'read') && !canAccess(user.role, 'aicharts', 'read')) {
    throw forbidden(`Your role (${user.role}) may not run chart queries.`);
  }
}

/** A signal aborted when the HTTP connection closes before the reply is sent. */
function closeSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A wait ended by the client going away is told as a cancelled query. */
function asQueryError(error: unknown): never {
  if (error instanceof AbortedError) throw cancelledError();
  throw error;
}

export async function registerQueryRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.queryEngine;

  const readsOnly = { readsOnly: true };
  app.post(
    '/api/v1/query',
    { preHandler: requireQueryReader, config: readsOnly },
    async (request, reply) => {
      const { query } = parsePayload(queryRequestSchema, request.body);
      const signal = closeSignal(reply);
      return engine
        .runSemantic({ accountId: currentUser(request).accountId, query, signal })
        .catch(asQueryError);
    },
  );

  app.post(
    '/api/v1/query/values',
    { preHandler: requireQueryReader, config: readsOnly },
    async (request, reply): Promise<FieldValuesAnswer> => {
      const body = parsePayload(fieldValuesRequestSchema, request.body);
      const lookup = { accountId: currentUser(request).accountId, ...body };
      return fieldValues(app.db, engine, { ...lookup, signal: closeSignal(reply) }).then(
        (values) => ({ values }),
        asQueryError,
      );
    },
  );

  app.post(
    '/api/v1/sql',
    { preHandler: requireSection('data-explorer', 'write'), config: readsOnly },
    async (request, reply) => {
      const body = parsePayload(sqlRequestSchema, request.body);
      const signal = closeSignal(reply);
      return engine
        .runSql({ accountId: currentUser(request).accountId, ...body, signal })
        .catch(asQueryError);
    },
  );
}
