import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartsByIds, findChartRow, toSavedChart } from '../charts/repository';
import { lookupAccountRow } from '../../db/accountRows';
import { chartIdsOf, toDashboard } from '../dashboards/repository';
import type { ShareLink } from '../../../common/api/shares';
import { embedTargetOf } from '../../../common/api/embeds';
import { OPEN_SHARED_DASHBOARD, QUERY_SHARED_CHART, SHARED_FILTER_VALUES } from './schemas';
import { filterValuesSource, sharedChartFilters, sharedDashboardOf } from './sharedDashboard';
import { checkShareToken, toShareLink } from './shareLinks';
import { sharedDrillContexts, sharedDrilledQuery } from './sharedDrill';
import {
  checkEmbedToken,
  embedRefusalMessage,
  embedViewer,
  looksLikeJwt,
} from '../embeds/embedTokenService';
import { notFound } from '../../errors';
import { shareLookupLimit } from '../../plugins/rateLimits';
import { asQueryError, closeSignal } from '../../query/clientCancellation';
import { fieldValues } from '../../query/fieldValues';
import { policyRoleOf, type Viewer } from '../../query/compile/rowPolicies';
import { POLICY_ROLES, type PolicyRole } from '../../../common/api/rowPolicies';
import { policySubject } from '../policies/repository';
import type { DashboardRecord } from '../../../common/api/dashboards';
import type { DashboardFilterValue } from '../../../common/charts';
import { LinkRefused, linkBearerOf, openedFirst } from '../../services/publicLinks';
import { checkRenderToken, isRenderToken, renderViewer } from './renderTokenService';

// The public share API (no session): the share link's token is the bearer, checked against
// the request's site and the dashboard of the path. A link sees only its dashboard and that
// dashboard's saved charts; the only things a viewer chooses are the chart and the values of
// the dashboard's own filters, and frozen values always win. A refused link answers 404 with
// the reason the web app turns into a message page, never data. An embed token of a chart
// opens none of this (features/embeds/embeddedChartRoutes.ts is its API).

/** What a share link or an embed token opens: one dashboard, for one kind of viewer. */
interface OpenLink {
  accountId: number;
  dashboard: DashboardRecord;
  /** Filter values the viewer cannot change. */
  frozen: DashboardFilterValue[];
  /** Who the row policies see. */
  viewer: Viewer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The share link the request opened (public share routes, set in preValidation). */
    shareLink: OpenLink | null;
  }
}

async function openLink(app: FastifyInstance, request: FastifyRequest): Promise<OpenLink> {
  const bearer = linkBearerOf(request, 'dashboardId');
  const { objectId: dashboardId, token, accountId } = bearer;
  if (isRenderToken(token)) return openRender(app, accountId, dashboardId, token);
  if (looksLikeJwt(token)) return openEmbed(app, accountId, dashboardId, token);
  const check = await checkShareToken(app.db, accountId, dashboardId, token);
  if ('reason' in check) throw new LinkRefused(check.reason);
  const row = await lookupAccountRow(app.db, 'dashboards', accountId, dashboardId);
  if (!row) throw new LinkRefused('invalid');
  const link = toShareLink(check.link);
  return {
    accountId,
    dashboard: toDashboard(row),
    frozen: link.frozenFilters,
    viewer: await linkViewer(app, accountId, link, check.link.created_by),
  };
}

/** The server's own render token of this dashboard: its viewer, its filter values frozen. */
async function openRender(
  app: FastifyInstance,
  accountId: number,
  dashboardId: number,
  token: string,
): Promise<OpenLink> {
  const claims = await checkRenderToken(app.config.appSecret, accountId, token);
  if (!claims || claims.dashboardId !== dashboardId) throw new LinkRefused('invalid');
  const row = await lookupAccountRow(app.db, 'dashboards', accountId, dashboardId);
  if (!row) throw new LinkRefused('invalid');
  const dashboard = toDashboard(row);
  const known = claims.filters.filter((value) =>
    dashboard.filters.some((filter) => filter.id === value.filterId),
  );
  return { accountId, dashboard, frozen: known, viewer: renderViewer(claims) };
}

/**
 * An embed token of this dashboard: its locked values frozen, and, when it names the filters
 * the viewer may change, every other filter frozen at the dashboard's default.
 */
async function openEmbed(
  app: FastifyInstance,
  accountId: number,
  dashboardId: number,
  token: string,
): Promise<OpenLink> {
  const check = await checkEmbedToken(app.db, app.config.appSecret, accountId, token);
  if ('reason' in check) throw new LinkRefused(check.reason, embedRefusalMessage(check.detail));
  const { claims } = check;
  const target = embedTargetOf(claims);
  if (target?.kind !== 'dashboard') {
    throw new LinkRefused('invalid', embedRefusalMessage('it shows a chart, not a dashboard'));
  }
  if (target.id !== dashboardId) throw new LinkRefused('invalid');
  const row = await lookupAccountRow(app.db, 'dashboards', accountId, dashboardId);
  if (!row) throw new LinkRefused('invalid');
  const dashboard = toDashboard(row);
  const locked = claims.lockedFilters;
  if (!locked.every((value) => dashboard.filters.some((f) => f.id === value.filterId))) {
    throw new LinkRefused('invalid');
  }
  const editable = claims.editableFilters;
  const fixedAtDefault = editable
    ? dashboard.filters
        .filter((f) => !editable.includes(f.id) && !locked.some((v) => v.filterId === f.id))
        .map((f) => ({ filterId: f.id, value: f.defaultValue ?? [] }))
    : [];
  return {
    accountId,
    dashboard,
    frozen: [...locked, ...fixedAtDefault],
    viewer: embedViewer(claims),
  };
}

/**
 * A link's viewers, as the row policies see them: viewers with the link's attributes, held
 * by the policies of its maker's role too, so the link never reads more than its maker may.
 * A link whose maker is gone or inactive is held by every role's policies.
 */
async function linkViewer(
  app: FastifyInstance,
  accountId: number,
  link: ShareLink,
  makerId: number | null,
): Promise<Viewer> {
  const maker = makerId === null ? undefined : await policySubject(app.db, accountId, makerId);
  const roles: PolicyRole[] = maker ? ['viewer', policyRoleOf(maker.role)] : [...POLICY_ROLES];
  return { roles, attributes: link.attributes };
}

/** The frozen values a viewer's search keeps. */
function containing(values: string[], search = ''): string[] {
  const needle = search.trim().toLowerCase();
  return values.filter((value) => value.toLowerCase().includes(needle));
}

export function registerPublicShareRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/share/dashboards/:dashboardId';
  const engine = app.queryEngine;
  app.decorateRequest('shareLink', null);

  /** The link is checked before the body: a refused link answers 404 with its reason. */
  const opened = openedFirst(async (request) => {
    request.shareLink = await openLink(app, request);
  });
  // Every route checks the link's token: each is limited per client address.
  const options = { ...shareLookupLimit(app), preValidation: opened };

  const openedLink = (request: FastifyRequest): OpenLink => request.shareLink!;

  /** A run whose wait the client ended is told as a cancelled query. */
  const runCancellable = <T>(run: () => Promise<T>): Promise<T> => run().catch(asQueryError);

  typed.get(path, { ...options, schema: OPEN_SHARED_DASHBOARD }, async (request) => {
    const { accountId, frozen, dashboard } = openedLink(request);
    const charts = await chartsByIds(app.db, accountId, chartIdsOf(dashboard));
    const datasetIds = [...new Set(charts.map((chart) => chart.spec.query.datasetId))];
    const datasets = await Promise.all(datasetIds.map((id) => engine.dataset(accountId, id)));
    return {
      ...sharedDashboardOf(dashboard, charts, frozen),
      drill: sharedDrillContexts(charts, datasets),
    };
  });

  typed.post(`${path}/query`, { ...options, schema: QUERY_SHARED_CHART }, async (request, reply) =>
    runCancellable(async () => {
      const { accountId, frozen, viewer, dashboard } = openedLink(request);
      const body = request.body;
      if (!chartIdsOf(dashboard).includes(body.chartId)) throw notFound('Chart');
      const chart = toSavedChart(await findChartRow(app.db, accountId, body.chartId));
      const extra = sharedChartFilters(dashboard, chart.id, body.filters, frozen);
      const asked = { ...chart.spec.query, filters: [...chart.spec.query.filters, ...extra] };
      const steps = body.drill ?? [];
      const query = steps.length
        ? sharedDrilledQuery(asked, steps, await engine.dataset(accountId, asked.datasetId))
        : asked;
      const answer = await engine.runChart({
        accountId,
        query,
        chart: chart.spec,
        viewer,
        signal: closeSignal(reply),
      });
      // The SQL names the source's tables: not for people outside the account.
      return { ...answer, sql: undefined };
    }),
  );

  // The values a viewer may pick in one of the dashboard's values filters (a frozen filter
  // offers only its frozen values).
  typed.post(
    `${path}/filterValues`,
    { ...options, schema: SHARED_FILTER_VALUES },
    async (request, reply) =>
      runCancellable(async () => {
        const { accountId, frozen, viewer, dashboard } = openedLink(request);
        const { filterId, search } = request.body;
        const fixed = frozen.find((value) => value.filterId === filterId);
        const filter = dashboard.filters.find((candidate) => candidate.id === filterId);
        if (!filter || filter.type !== 'values') throw notFound('Filter');
        if (fixed) return { values: containing(fixed.value.map(String), search) };
        const charts = await chartsByIds(app.db, accountId, chartIdsOf(dashboard));
        const chart = charts.find((c) => filter.bindings.some((b) => b.chartId === c.id));
        const source = chart && filterValuesSource(dashboard, filterId, chart, frozen);
        if (!source) return { values: [] };
        const signal = closeSignal(reply);
        return {
          values: await fieldValues(engine, { accountId, viewer, ...source, search, signal }),
        };
      }),
  );
}
