import type { Dashboard, SavedChart } from '../../../common/charts';

// The dashboard "Flights" of the dashboard tests: two charts over a flights dataset and one over
// a cars dataset, a markdown note, a date range bound to the flights charts and a values filter
// bound to the destination chart.

/** A count bar chart of `datasetId` by `x`, filtered to distances over 100. */
export function countChart(id: number, name: string, datasetId: number, x: string): SavedChart {
  return {
    id,
    datasetId,
    name,
    spec: {
      type: 'bar',
      title: name,
      query: {
        datasetId,
        dimensions: [{ field: x }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: '>', value: 100 }],
        sort: [],
        limit: 50,
      },
      encoding: { x, y: ['count'] },
      options: {},
    },
  };
}

export const CHARTS: SavedChart[] = [
  countChart(11, 'Flights by origin', 7, 'origin'),
  countChart(12, 'Flights by destination', 7, 'destination'),
  countChart(13, 'Cars by origin', 9, 'Origin'),
];

/** "Flights" over the charts `byOrigin`, `byDestination` and `cars` (by default CHARTS'). */
export function flightsDashboard(
  [byOrigin, byDestination, cars] = CHARTS.map((c) => c.id),
): Dashboard {
  return {
    id: 5,
    name: 'Flights',
    description: 'Demo',
    refreshSeconds: 0,
    tiles: [
      { id: 'a', kind: 'chart', chartId: byOrigin, layout: { x: 0, y: 0, w: 6, h: 4 } },
      { id: 'b', kind: 'chart', chartId: byDestination, layout: { x: 6, y: 0, w: 6, h: 4 } },
      { id: 'c', kind: 'chart', chartId: cars, layout: { x: 0, y: 4, w: 6, h: 4 } },
      {
        id: 'n',
        kind: 'text',
        markdown: '## Notes\n\n<img src=x onerror="window.hacked=1">',
        layout: { x: 6, y: 4, w: 6, h: 2 },
      },
    ],
    filters: [
      {
        id: 'when',
        label: 'Date',
        type: 'dateRange',
        bindings: [
          { chartId: byOrigin, field: 'date' },
          { chartId: byDestination, field: 'date' },
        ],
        defaultValue: ['2001-01-01', '2001-03-31'],
      },
      {
        id: 'from',
        label: 'Origin',
        type: 'values',
        bindings: [{ chartId: byDestination, field: 'origin' }],
      },
    ],
  };
}
