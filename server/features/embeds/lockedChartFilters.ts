import type { DatasetField, QueryFilter } from '../../../common/analytics';
import {
  filtersForChart,
  type DashboardFilter,
  type DashboardFilterValue,
} from '../../../common/charts';

// The locked filters of a chart token. A chart has no dashboard filters, so each locked value
// names a field of the chart's dataset (`filterId`), held as a dashboard filter bound to that
// field would hold it: a date field to [from, to], any other to one value (=) or several (in);
// an empty value adds nothing.

/** The dataset field as a dashboard filter bound to it on chart `chartId`. */
function filterOfField(field: DatasetField, chartId: number): DashboardFilter {
  return {
    id: field.name,
    label: field.label,
    type: field.type === 'date' ? 'dateRange' : 'values',
    bindings: [{ chartId, field: field.name }],
  };
}

export type LockedChartFilters = { filters: QueryFilter[] } | { unknownField: string };

/** The query filters `locked` adds to the chart's query, or the first field the dataset lacks. */
export function lockedChartFilters(
  chartId: number,
  fields: DatasetField[],
  locked: DashboardFilterValue[],
): LockedChartFilters {
  const unknown = locked.find((value) => !fields.some((field) => field.name === value.filterId));
  if (unknown) return { unknownField: unknown.filterId };
  const filters = fields
    .filter((field) => locked.some((value) => value.filterId === field.name))
    .map((field) => filterOfField(field, chartId));
  return { filters: filtersForChart(filters, locked, chartId) };
}
