// The messages between <brandboard-dashboard>'s iframe and the page that hosts it (the
// embed page's side is src/pages/embed/embedMessages.ts).

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

export interface DashboardMessage {
  brandboard: 1;
  type: 'loaded' | 'resized' | 'filtersChanged' | 'chartClicked';
  height?: number;
  filters?: FilterValue[];
  chart?: ChartClick;
}

export function isDashboardMessage(data: unknown): data is DashboardMessage {
  const message = data as DashboardMessage | null;
  return (
    message?.brandboard === 1 &&
    ['loaded', 'resized', 'filtersChanged', 'chartClicked'].includes(message.type)
  );
}
