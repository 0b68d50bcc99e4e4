// The messages between a <brandboard-dashboard> or <brandboard-chart> iframe and the page that
// hosts it (the embed page's side is src/pages/embed/embedMessages.ts).

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

/** What an embed page tells its host (a chart's page never tells `filtersChanged`). */
export interface EmbedMessage {
  brandboard: 1;
  type: 'loaded' | 'resized' | 'filtersChanged' | 'chartClicked';
  height?: number;
  filters?: FilterValue[];
  chart?: ChartClick;
}

export function isEmbedMessage(data: unknown): data is EmbedMessage {
  const message = data as EmbedMessage | null;
  return (
    message?.brandboard === 1 &&
    ['loaded', 'resized', 'filtersChanged', 'chartClicked'].includes(message.type)
  );
}
