import type { DashboardFilterValue, SavedChart } from '../../../common/charts';
import type { ChartSelection } from '../../ui/dashboard/LazyChart';

// The messages between an embedded dashboard or chart (this page, in an iframe) and its host
// page, as the SDK (sdk/) speaks them. Every message carries `brandboard: 1`; the page posts
// only to the origins its token allows and takes orders only from its parent at one of them.

export interface EmbedOutMessage {
  brandboard: 1;
  type: 'loaded' | 'resized' | 'filtersChanged' | 'chartClicked';
  height?: number;
  filters?: DashboardFilterValue[];
  chart?: { id: number; name: string; field: string; value: string | number | boolean | null };
}

export interface SetFiltersMessage {
  brandboard: 1;
  type: 'setFilters';
  filters: DashboardFilterValue[];
}

/** Tells the host (at each allowed origin: only the parent's own receives it). */
export function tellHost(origins: string[], message: Omit<EmbedOutMessage, 'brandboard'>): void {
  if (window.parent === window) return;
  for (const origin of origins) window.parent.postMessage({ brandboard: 1, ...message }, origin);
}

/** Tells the host a click on a mark of `chart`. */
export function tellChartClicked(
  origins: string[],
  chart: SavedChart,
  selection: ChartSelection,
): void {
  const { field, value } = selection;
  tellHost(origins, {
    type: 'chartClicked',
    chart: { id: chart.id, name: chart.name, field, value },
  });
}

function isFilterValue(value: unknown): value is DashboardFilterValue {
  const entry = value as DashboardFilterValue | null;
  return (
    typeof entry?.filterId === 'string' &&
    Array.isArray(entry.value) &&
    entry.value.every((item) => typeof item === 'string' || typeof item === 'number')
  );
}

/** The filters a message from the parent sets, or null when it is not one to take. */
export function filtersFromHost(event: MessageEvent, origins: string[]) {
  if (event.source !== window.parent || !origins.includes(event.origin)) return null;
  const data = event.data as Partial<SetFiltersMessage> | null;
  if (data?.brandboard !== 1 || data.type !== 'setFilters' || !Array.isArray(data.filters)) {
    return null;
  }
  return data.filters.filter(isFilterValue);
}
