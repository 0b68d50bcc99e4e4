import type { FastifyInstance } from 'fastify';
import { filtersForChart, type Dashboard, type DashboardFilterValue } from '../../../common/charts';
import type { SavedChart } from '../../../common/charts';
import { badRequest } from '../../errors';
import { findAccountIdentity } from '../../mail/accountName';
import { siteOrigin } from '../../mail/publicUrls';
import type { Viewer } from '../../query/compile/rowPolicies';
import { loadDataset } from '../datasets/repository';
import { signRenderToken } from '../shares/renderTokenService';
import { chartWorkbook, pivotWorkbook } from './chartWorkbook';
import type { RenderFormat } from './dashboardRenderer';

// What an export is made of, for a request and for a subscription's delivery alike: a
// dashboard rendered as its viewer, a chart's rows as its viewer in a workbook.

export interface DashboardRender {
  accountId: number;
  dashboardId: number;
  viewer: Viewer;
  filters: DashboardFilterValue[];
  format: RenderFormat;
  /** PNG: the tab rendered (the first when not given). */
  tab?: string;
}

/** The page the renderer opens: a PDF prints every tab, a PNG shows the tab asked for. */
function renderedPage(render: DashboardRender, token: string): string {
  const path = `/share/dashboards/${render.dashboardId}/${token}`;
  if (render.format === 'pdf') return `${path}?print=tabs`;
  return render.tab ? `${path}?${new URLSearchParams({ tab: render.tab }).toString()}` : path;
}

/**
 * The dashboard as `viewer` sees it, with `filters` applied: a PDF with each tab on its own
 * page(s) under its title, or a PNG of one tab.
 */
export async function renderDashboard(app: FastifyInstance, render: DashboardRender) {
  return (await renderDashboardWithCharts(app, render, 0)).file;
}

/** `renderDashboard`'s file with PNGs of the first `charts` charts, from the same render. */
export async function renderDashboardWithCharts(
  app: FastifyInstance,
  render: DashboardRender,
  charts: number,
) {
  const { site } = await findAccountIdentity(app.db, render.accountId);
  const token = await signRenderToken(app.config.appSecret, render.accountId, {
    dashboardId: render.dashboardId,
    roles: render.viewer.roles,
    attributes: render.viewer.attributes,
    filters: render.filters,
  });
  const request = {
    site,
    origin: siteOrigin(app.config, site),
    path: renderedPage(render, token),
    format: render.format,
  };
  return app.dashboardRenderer.renderWithCharts(request, charts);
}

/** A tab of the dashboard only: an unknown one is a 400 naming it. */
export function checkTab(dashboard: Dashboard, tab: string | undefined): void {
  if (tab !== undefined && !(dashboard.tabs ?? []).some((entry) => entry.id === tab)) {
    throw badRequest(`The dashboard has no tab "${tab}".`, 'tab');
  }
}

/** Filter values of the dashboard only: an unknown filter is a 400 naming it. */
export function checkFilterValues(dashboard: Dashboard, values: DashboardFilterValue[]): void {
  values.forEach((value, index) => {
    if (!dashboard.filters.some((filter) => filter.id === value.filterId)) {
      throw badRequest(
        `The dashboard has no filter "${value.filterId}".`,
        `filters.${index}.filterId`,
      );
    }
  });
}

/** The query filters a chart of `dashboard` gets from `values`, defaults where none is given. */
export function dashboardFiltersOf(
  dashboard: Dashboard,
  values: DashboardFilterValue[],
  chartId: number,
) {
  const withDefaults = dashboard.filters.flatMap((filter): DashboardFilterValue[] => {
    const given = values.find((value) => value.filterId === filter.id);
    if (given) return [given];
    return filter.defaultValue ? [{ filterId: filter.id, value: filter.defaultValue }] : [];
  });
  return filtersForChart(dashboard.filters, withDefaults, chartId);
}

export interface ChartRows {
  accountId: number;
  chart: SavedChart;
  viewer: Viewer;
  /** The dashboard (and its filter values) the chart is read on, if any. */
  dashboard?: { dashboard: Dashboard; values: DashboardFilterValue[] };
  signal?: AbortSignal;
}

/** The chart's rows as `viewer` may read them. */
export async function chartRows(app: FastifyInstance, read: ChartRows) {
  const { chart, dashboard } = read;
  const extra = dashboard
    ? dashboardFiltersOf(dashboard.dashboard, dashboard.values, chart.id)
    : [];
  const query = { ...chart.spec.query, filters: [...chart.spec.query.filters, ...extra] };
  return app.queryEngine.runChart({
    accountId: read.accountId,
    query,
    chart: chart.spec,
    viewer: read.viewer,
    signal: read.signal,
  });
}

/** The chart's rows as `viewer` may read them, as an Excel workbook in the chart's formats. */
export async function chartXlsx(app: FastifyInstance, read: ChartRows): Promise<Buffer> {
  const answer = await chartRows(app, read);
  const dataset = await loadDataset(app.db, read.accountId, read.chart.datasetId);
  const labels = new Map(dataset.fields.map((field) => [field.name, field.label]));
  const workbook = read.chart.spec.type === 'pivot' ? pivotWorkbook : chartWorkbook;
  return workbook(read.chart.name, read.chart.spec, answer, labels);
}
