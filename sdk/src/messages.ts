// The embed protocol: the messages between a <brandboard-dashboard> or <brandboard-chart>
// iframe (the web app's embed page) and the page that hosts it. Declared here once; the embed
// page imports it (src/pages/embed/embedMessages.ts). Every message carries `brandboard: 1`.

export interface FilterValue {
  filterId: string;
  value: Array<string | number>;
}

export interface ChartClick {
  id: number;
  name: string;
  field: string;
  value: string | number | boolean | null;
}

/** What an embed page tells its host. */
export const EMBED_MESSAGE_TYPES = ['loaded', 'resized', 'filtersChanged', 'chartClicked'] as const;

/** What an embed page tells its host (a chart's page never tells `filtersChanged`). */
export interface EmbedMessage {
  brandboard: 1;
  type: (typeof EMBED_MESSAGE_TYPES)[number];
  height?: number;
  filters?: FilterValue[];
  chart?: ChartClick;
}

/** What a host tells an embedded dashboard: the values of its filters to set. */
export interface SetFiltersMessage {
  brandboard: 1;
  type: 'setFilters';
  filters: FilterValue[];
}

export function isEmbedMessage(data: unknown): data is EmbedMessage {
  const message = data as EmbedMessage | null;
  return message?.brandboard === 1 && EMBED_MESSAGE_TYPES.includes(message.type);
}

export function setFiltersMessage(filters: FilterValue[]): SetFiltersMessage {
  return { brandboard: 1, type: 'setFilters', filters };
}

function isFilterValue(value: unknown): value is FilterValue {
  const entry = value as FilterValue | null;
  return (
    typeof entry?.filterId === 'string' &&
    Array.isArray(entry.value) &&
    entry.value.every((item) => typeof item === 'string' || typeof item === 'number')
  );
}

/** The well-formed filter values of a setFilters message, or null when `data` is not one. */
export function filtersOfSetFilters(data: unknown): FilterValue[] | null {
  const message = data as Partial<SetFiltersMessage> | null;
  if (message?.brandboard !== 1 || message.type !== 'setFilters') return null;
  if (!Array.isArray(message.filters)) return null;
  return message.filters.filter(isFilterValue);
}
