import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryFilter } from '../../../common/analytics';
import { embedTargetOf } from '../../../common/api/embeds';
import { lookupAccountRow } from '../../db/accountRows';
import type { Viewer } from '../../query/compile/rowPolicies';
import type { ChartRecord } from '../../../common/api/charts';
import { toSavedChart } from '../charts/repository';
import { ApiError } from '../../errors';
import { LinkRefused, linkBearerOf } from '../../services/publicLinks';
import {
  checkEmbedToken,
  embedRefusalMessage,
  embedViewer,
  looksLikeJwt,
} from './embedTokenService';
import { lockedChartFilters } from './lockedChartFilters';

// What an embed token of a chart opens: that one saved chart of the request's site, for a
// viewer with the token's attributes, its locked values held on the chart's query. Only an
// embed token naming this chart opens it: a share link, a dashboard's token or another
// chart's is refused (LinkRefused: 404 with the reason, never data).

export interface EmbeddedChart {
  accountId: number;
  chart: ChartRecord;
  /** The query filters of the token's locked values, added to the chart's own. */
  locked: QueryFilter[];
  /** Who the row policies see. */
  viewer: Viewer;
}

const refused = (what: string) => new LinkRefused('invalid', embedRefusalMessage(what));

/**
 * The fields of the dataset the chart's query reads (none when it is gone), from the query
 * engine's kept datasets: the query of the same call reads them there too.
 */
async function fieldsOfChartDataset(app: FastifyInstance, accountId: number, chart: ChartRecord) {
  try {
    return (await app.queryEngine.dataset(accountId, chart.spec.query.datasetId)).fields;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return [];
    throw error;
  }
}

export async function openEmbeddedChart(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<EmbeddedChart> {
  const { objectId: chartId, token, accountId } = linkBearerOf(request, 'chartId');
  if (!looksLikeJwt(token)) throw new LinkRefused('invalid');
  const check = await checkEmbedToken(app.db, app.config.appSecret, accountId, token);
  if ('reason' in check) throw new LinkRefused(check.reason, embedRefusalMessage(check.detail));
  const { claims } = check;
  const target = embedTargetOf(claims);
  if (target?.kind !== 'chart') throw refused('it shows a dashboard, not a chart');
  if (target.id !== chartId) throw new LinkRefused('invalid');
  const row = await lookupAccountRow(app.db, 'charts', accountId, chartId);
  if (!row) throw new LinkRefused('invalid');
  const chart = toSavedChart(row);
  const fields = await fieldsOfChartDataset(app, accountId, chart);
  const locked = lockedChartFilters(chart.id, fields, claims.lockedFilters);
  if ('unknownField' in locked) {
    throw refused(`lockedFilters: the chart's dataset has no field "${locked.unknownField}"`);
  }
  return { accountId, chart, locked: locked.filters, viewer: embedViewer(claims) };
}
