import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shareLookupLimit } from '../../plugins/rateLimits';
import { asQueryError, closeSignal } from '../../query/clientCancellation';
import { openedFirst, sharedChartOf } from '../../services/publicLinks';
import { openEmbeddedChart, type EmbeddedChart } from './embeddedChart';
import { OPEN_EMBEDDED_CHART, QUERY_EMBEDDED_CHART } from './schemas';

// The public API of an embedded chart (no session): an embed token naming the chart is the
// bearer, checked on every call against the request's site and the chart of the path. It reads
// that chart's definition and runs its query, with the token's attributes fed to the row
// policies and its locked values added; nothing else is chosen by the viewer.

declare module 'fastify' {
  interface FastifyRequest {
    /** The chart an embed token opened (embedded chart routes, set in preValidation). */
    embeddedChart: EmbeddedChart | null;
  }
}

export function registerEmbeddedChartRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/embed/charts/:chartId';
  app.decorateRequest('embeddedChart', null);
  const opened = openedFirst(async (request) => {
    request.embeddedChart = await openEmbeddedChart(app, request);
  });
  // Every route checks the token: each is limited per client address, as share links are.
  const options = { ...shareLookupLimit(app), preValidation: opened };
  const openedChart = (request: FastifyRequest): EmbeddedChart => request.embeddedChart!;

  typed.get(path, { ...options, schema: OPEN_EMBEDDED_CHART }, async (request) => {
    return { chart: sharedChartOf(openedChart(request).chart) };
  });

  typed.post(
    `${path}/query`,
    { ...options, schema: QUERY_EMBEDDED_CHART },
    async (request, reply) => {
      const { accountId, chart, locked, viewer } = openedChart(request);
      const query = { ...chart.spec.query, filters: [...chart.spec.query.filters, ...locked] };
      const signal = closeSignal(reply);
      const answer = await app.queryEngine
        .runChart({ accountId, query, chart: chart.spec, viewer, signal })
        .catch(asQueryError);
      // The SQL names the source's tables: not for people outside the account.
      return { ...answer, sql: undefined };
    },
  );
}
