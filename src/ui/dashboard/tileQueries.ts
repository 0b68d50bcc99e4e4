import type { QueryFilter, SemanticQuery, TimeGrain } from '../../../common/analytics';
import {
  filtersForChart,
  type DashboardFilter,
  type DashboardFilterValue,
  type SavedChart,
} from '../../../common/charts';
import { bucketEnd, filtersOfValue } from '../../../common/drill';

// What each tile of a dashboard asks the query engine: the chart's saved query, narrowed by
// the dashboard filters bound to it and by a cross-filter clicked in another chart.

/** A bar, slice or point clicked in one chart, narrowing the other charts. */
export interface CrossFilter {
  /** the chart it was clicked in: that chart itself stays unfiltered */
  chartId: number;
  datasetId: number;
  field: string;
  value: string | number | boolean;
  /** set when the clicked value is a time bucket (month, day…): the bucket becomes a range */
  grain?: TimeGrain;
}

export { bucketEnd };

/** The query filter a cross-filter adds to another chart. */
function crossFilterCondition(cross: CrossFilter): QueryFilter[] {
  return filtersOfValue(cross);
}

/** True when a cross-filter narrows this chart: another chart over the same dataset. */
function crossFilterApplies(cross: CrossFilter | null, chart: SavedChart): boolean {
  return (
    cross !== null && cross.chartId !== chart.id && cross.datasetId === chart.spec.query.datasetId
  );
}

/** The semantic query of one chart tile with the dashboard filters and the cross-filter. */
export function tileQuery(
  chart: SavedChart,
  filters: DashboardFilter[],
  values: DashboardFilterValue[],
  cross: CrossFilter | null,
): SemanticQuery {
  const query = chart.spec.query;
  const added = filtersForChart(filters, activeFilterValues(filters, values), chart.id);
  const crossed = crossFilterApplies(cross, chart) ? crossFilterCondition(cross!) : [];
  return { ...query, filters: [...(query.filters ?? []), ...added, ...crossed] };
}

/**
 * The starting filter values: frozen values first, then those chosen before (the address's),
 * then each filter's default.
 */
export function initialFilterValues(
  filters: DashboardFilter[],
  frozen: DashboardFilterValue[] = [],
  chosen: DashboardFilterValue[] = [],
): DashboardFilterValue[] {
  const valueIn = (values: DashboardFilterValue[], filter: DashboardFilter) =>
    values.find((candidate) => candidate.filterId === filter.id)?.value;
  return filters.map((filter) => ({
    filterId: filter.id,
    value: valueIn(frozen, filter) ?? valueIn(chosen, filter) ?? filter.defaultValue ?? [],
  }));
}

/** The values that filter: a date range needs one end at least; empty values are left out. */
export function activeFilterValues(
  filters: DashboardFilter[],
  values: DashboardFilterValue[],
): DashboardFilterValue[] {
  return values.filter((entry) => {
    const filter = filters.find((candidate) => candidate.id === entry.filterId);
    if (!filter || entry.value.length === 0) return false;
    if (filter.type === 'dateRange') return entry.value.some(Boolean);
    return true;
  });
}
