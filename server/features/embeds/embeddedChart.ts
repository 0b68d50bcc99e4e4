import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryFilter } from '../../../src/model/analytics';
import { embedTargetOf } from '../../../src/model/api/embeds';
import { lookupAccountRow } from '../../db/accountRows';
import type { Viewer } from '../../query/compile/rowPolicies';
import { toSavedChart, type ChartRecord } from '../charts/repository';
import { toDataset } from '../datasets/repository';
import { LinkRefused, linkBearerOf } from '../shares/linkRefusal';
import { checkEmbedToken, embedRefusalMessage, embedViewer, looksLikeJwt } from './embedTokens';
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

/** The fields of the dataset the chart's query reads (none when it is gone). */
async function fieldsOfChartDataset(app: FastifyInstance, accountId: number, chart: ChartRecord) {
  const datasetId = chart.spec.query.datasetId;
  const row = await lookupAccountRow(app.db, 'datasets', accountId, datasetId);
  return row ? toDataset(row).fields : [];
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
