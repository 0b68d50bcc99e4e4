import type { DashboardFilter, DashboardLink } from './api/dashboards';
import { bucketEnd, type ClickedValue } from './drill';

// "Open <dashboard>": a chart tile linked to another dashboard opens it with the clicked
// value as the value of one of its filters, in that dashboard's address (`?f.<filter>=…`, as
// filterValuesUrl.ts reads it).

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The value a clicked value gives the target's filter: a values filter the value itself; a
 * date range the clicked time bucket (its first and last day), or that one day.
 */
export function linkedFilterValue(
  filter: Pick<DashboardFilter, 'type'>,
  clicked: ClickedValue,
): string[] {
  const value = clicked.value === null ? '' : String(clicked.value);
  if (filter.type === 'values') return [value];
  const start = value.slice(0, 10);
  return [start, clicked.grain ? dayBefore(bucketEnd(start, clicked.grain)) : start];
}

/** The address of the linked dashboard showing the clicked value in its filter. */
export function linkedDashboardPath(
  link: DashboardLink,
  filter: Pick<DashboardFilter, 'type'>,
  clicked: ClickedValue,
): string {
  const search = new URLSearchParams();
  for (const item of linkedFilterValue(filter, clicked)) search.append(`f.${link.filterId}`, item);
  return `/dashboards/${link.dashboardId}?${search.toString()}`;
}
