import { sharedChartOf } from '../../services/publicLinks';
import type { QueryFilter } from '../../../common/analytics';
import {
  filtersForChart,
  type Dashboard,
  type DashboardFilterValue,
  type DashboardFilter,
  type SavedChart,
} from '../../../common/charts';

// What a share link shows: the dashboard with its frozen filters marked, and the query
// filters a chart gets from the viewer's values, where frozen values always win and values
// of filters the dashboard does not define are ignored.

/** A filter as a link shows it: a frozen one carries the value the link fixed. */
type SharedFilter = DashboardFilter & { frozen: boolean; value?: Array<string | number> };

/** The answer of GET /api/v1/share/dashboards/{id}. */
interface SharedDashboard {
  dashboard: Omit<Dashboard, 'filters' | 'tabs'> & {
    filters: SharedFilter[];
    tabs: NonNullable<Dashboard['tabs']>;
  };
  charts: SavedChart[];
  frozenFilters: DashboardFilterValue[];
}

export function sharedDashboardOf(
  dashboard: Dashboard,
  charts: SavedChart[],
  frozen: DashboardFilterValue[],
): SharedDashboard {
  const frozenById = new Map(frozen.map((value) => [value.filterId, value.value]));
  return {
    dashboard: {
      id: dashboard.id,
      name: dashboard.name,
      description: dashboard.description,
      // A link opens another dashboard of the account, which a link's viewer cannot reach.
      tiles: dashboard.tiles.map(({ link: _link, ...tile }) => tile),
      tabs: dashboard.tabs ?? [],
      refreshSeconds: dashboard.refreshSeconds,
      ...(dashboard.translations ? { translations: dashboard.translations } : {}),
      filters: dashboard.filters.map((filter) => {
        const value = frozenById.get(filter.id);
        return value === undefined
          ? { ...filter, frozen: false }
          : { ...filter, frozen: true, value, defaultValue: value };
      }),
    },
    charts: charts.map(sharedChartOf),
    frozenFilters: dashboard.filters.flatMap((filter) => {
      const value = frozenById.get(filter.id);
      return value === undefined ? [] : [{ filterId: filter.id, value }];
    }),
  };
}

export function sharedChartFilters(
  dashboard: Dashboard,
  chartId: number,
  viewerValues: DashboardFilterValue[],
  frozen: DashboardFilterValue[],
): QueryFilter[] {
  const values = dashboard.filters.flatMap((filter): DashboardFilterValue[] => {
    const fixed = frozen.find((value) => value.filterId === filter.id);
    const chosen = viewerValues.find((value) => value.filterId === filter.id);
    const value = fixed ?? chosen;
    return value ? [{ filterId: filter.id, value: value.value }] : [];
  });
  return filtersForChart(dashboard.filters, values, chartId);
}

/**
 * Where a `values` filter's values come from: the bound field of its first chart, under the
 * link's other frozen filters (a link frozen to one origin offers that origin's values).
 */
export function filterValuesSource(
  dashboard: Dashboard,
  filterId: string,
  chart: SavedChart,
  frozen: DashboardFilterValue[],
): { datasetId: number; field: string; filters: QueryFilter[] } | null {
  const filter = dashboard.filters.find((candidate) => candidate.id === filterId);
  const binding = filter?.bindings.find((candidate) => candidate.chartId === chart.id);
  if (!filter || filter.type !== 'values' || !binding) return null;
  const others = frozen.filter((value) => value.filterId !== filterId);
  return {
    datasetId: chart.datasetId,
    field: binding.field,
    filters: filtersForChart(dashboard.filters, others, chart.id),
  };
}
