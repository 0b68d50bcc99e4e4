import type { DashboardFilter, DashboardFilterValue } from '../../../common/charts';

// A dashboard's filter values in its address, so that a reload or a shared address keeps them:
// `?f.<filter id>=<value>`, repeated for several values (a date range's from and to, values
// picked). A filter cleared although it has a default is kept as one empty value (`f.when=`).

const PREFIX = 'f.';

const keyOf = (filter: DashboardFilter) => `${PREFIX}${filter.id}`;

/** The values the address sets for the dashboard's filters (others are ignored). */
export function filterValuesFromSearch(
  search: URLSearchParams,
  filters: DashboardFilter[],
): DashboardFilterValue[] {
  return filters.flatMap((filter) => {
    const items = search.getAll(keyOf(filter));
    if (items.length === 0) return [];
    return [{ filterId: filter.id, value: items.every((item) => item === '') ? [] : items }];
  });
}

/** The address's parameters with the filter values in place of those it had. */
export function searchWithFilterValues(
  search: URLSearchParams,
  filters: DashboardFilter[],
  values: DashboardFilterValue[],
): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([key]) => !key.startsWith(PREFIX)));
  for (const filter of filters) {
    const value = values.find((entry) => entry.filterId === filter.id)?.value ?? [];
    if (value.length > 0) value.forEach((item) => next.append(keyOf(filter), String(item)));
    else if (filter.defaultValue?.length) next.append(keyOf(filter), '');
  }
  return next;
}
