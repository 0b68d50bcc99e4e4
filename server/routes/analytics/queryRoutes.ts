import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canAccess } from '../../../src/model/sections';
import { QueryError } from '../../engines/queryError';
import { forbidden } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { queryEngineOf } from '../../query/executeQuery';
import { queryRequestSchema, sqlRequestSchema } from '../../query/querySchemas';
import { AbortedError } from '../../query/singleFlight';
import { parsePayload } from '../../validation';

// POST /api/v1/query runs a SemanticQuery (charts, dashboards: any user of the tenant);
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

/** Query errors answer with the line and column they point to; cancellations say so. */
function sendQueryError(error: unknown, reply: FastifyReply): FastifyReply {
  if (error instanceof QueryError) return reply.status(error.statusCode).send(error.toBody());
  if (error instanceof AbortedError) {
    return reply
      .status(400)
      .send(new QueryError('Query cancelled.', { kind: 'cancelled' }).toBody());
  }
  throw error;
}

export async function registerQueryRoutes(app: FastifyInstance): Promise<void> {
  const engine = queryEngineOf(app);

  app.post('/api/v1/query', { preHandler: requireQueryReader }, async (request, reply) => {
    const { query } = parsePayload(queryRequestSchema, request.body);
    const signal = closeSignal(reply);
    try {
      return await engine.runSemantic({ accountId: currentUser(request).accountId, query, signal });
    } catch (error) {
      return sendQueryError(error, reply);
    }
  });

  app.post(
    '/api/v1/sql',
    { preHandler: requireSection('data-explorer', 'write') },
    async (request, reply) => {
      const body = parsePayload(sqlRequestSchema, request.body);
      const signal = closeSignal(reply);
      try {
        return await engine.runSql({ accountId: currentUser(request).accountId, ...body, signal });
      } catch (error) {
        return sendQueryError(error, reply);
      }
    },
  );
}
