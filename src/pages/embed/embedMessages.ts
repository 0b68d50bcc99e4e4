import type { SavedChart } from '../../../common/charts';
import type { ChartSelection } from '../../ui/dashboard/LazyChart';
import { filtersOfSetFilters, type EmbedMessage } from '../../../sdk/src/messages';

// This page's side of the embed protocol (declared once, in the SDK): it posts only to the
// origins its token allows and takes orders only from its parent at one of them.

/** Tells the host (at each allowed origin: only the parent's own receives it). */
export function tellHost(origins: string[], message: Omit<EmbedMessage, 'brandboard'>): void {
  if (window.parent === window) return;
  const sent: EmbedMessage = { brandboard: 1, ...message };
  for (const origin of origins) window.parent.postMessage(sent, origin);
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

/** The filters a message from the parent sets, or null when it is not one to take. */
export function filtersFromHost(event: MessageEvent, origins: string[]) {
  if (event.source !== window.parent || !origins.includes(event.origin)) return null;
  return filtersOfSetFilters(event.data);
}
