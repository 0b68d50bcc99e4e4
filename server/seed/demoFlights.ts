import type { DatasetRecord } from '../features/datasets/repository';
import { COUNT, demoChart, layout, query, type DemoChart, type DemoDashboard } from './demoSpecs';
import type { QueryFilter } from '../../common/analytics';

// The flights table covers January to June 2001, plus six stray flights on 1 July that would
// make the last month of every monthly chart (and the KPIs' change) look like a collapse.
const FIRST_HALF_OF_2001: QueryFilter = { field: 'date', op: '<', value: '2001-07-01' };

const flightsQuery: typeof query = (datasetId, parts) =>
  query(datasetId, { filters: [FIRST_HALF_OF_2001], ...parts });

// The demo "Flights" dashboard: thirteen charts over the 3M-row flights table and an intro,
// with a date range and an origin filter bound to every chart.

const FLIGHTS_INTRO = `## Flights, January to June 2001

Three million US domestic flights: how many flew, how late they were and where they went.
Use the **Date** and **Origin** filters above; click a bar or a slice to drill in or filter the others.`;

function flightsCharts(id: number): DemoChart[] {
  const byMonth = { field: 'date', grain: 'month' } as const;
  return [
    demoChart(
      'flights',
      'Flights',
      'Number of flights, by month, against the month before.',
      {
        type: 'kpi',
        query: flightsQuery(id, { dimensions: [byMonth], measures: [COUNT] }),
        encoding: { x: 'date', y: ['count'] },
        options: { numberFormat: 'compact', dateFormat: 'month' },
      },
      layout(0, 3, 4, 4),
    ),
    demoChart(
      'avgDelay',
      'Average delay',
      'Mean delay in minutes, by month.',
      {
        type: 'kpi',
        query: flightsQuery(id, {
          dimensions: [byMonth],
          measures: [{ field: 'delay', agg: 'avg' }],
        }),
        encoding: { x: 'date', y: ['avg_delay'] },
        options: { numberFormat: 'number', dateFormat: 'month' },
      },
      layout(4, 3, 4, 4),
    ),
    demoChart(
      'avgDistance',
      'Average distance',
      'Mean flight distance in miles, by month.',
      {
        type: 'kpi',
        query: flightsQuery(id, {
          dimensions: [byMonth],
          measures: [{ field: 'distance', agg: 'avg' }],
        }),
        encoding: { x: 'date', y: ['avg_distance'] },
        options: { numberFormat: 'integer', dateFormat: 'month' },
      },
      layout(8, 3, 4, 4),
    ),
    demoChart(
      'delayByDay',
      'Average delay by day',
      'Mean delay in minutes of each day.',
      {
        type: 'line',
        query: flightsQuery(id, {
          dimensions: [{ field: 'date', grain: 'day' }],
          measures: [{ field: 'delay', agg: 'avg' }],
        }),
        encoding: { x: 'date', y: ['avg_delay'] },
        options: { yLabel: 'Minutes', dateFormat: 'date', legend: 'none' },
      },
      layout(0, 7, 8, 7),
    ),
    demoChart(
      'originShare',
      'Share of flights by origin',
      'The eight busiest origin airports.',
      {
        type: 'donut',
        query: flightsQuery(id, {
          dimensions: [{ field: 'origin' }],
          measures: [COUNT],
          sort: [{ key: 'count', dir: 'desc' }],
          limit: 8,
        }),
        encoding: { x: 'origin', y: ['count'] },
        options: { legend: 'right', numberFormat: 'integer' },
      },
      layout(8, 7, 4, 7),
    ),
    demoChart(
      'topOrigins',
      'Top origin airports',
      'The ten airports with the most departures.',
      {
        type: 'bar',
        query: flightsQuery(id, {
          dimensions: [{ field: 'origin' }],
          measures: [COUNT],
          sort: [{ key: 'count', dir: 'desc' }],
          limit: 10,
        }),
        encoding: { x: 'origin', y: ['count'] },
        options: { xLabel: 'Origin', yLabel: 'Flights', legend: 'none', numberFormat: 'compact' },
      },
      layout(0, 14, 6, 8),
    ),
    demoChart(
      'topDestinations',
      'Top destinations',
      'The ten airports with the most arrivals.',
      {
        type: 'column',
        query: flightsQuery(id, {
          dimensions: [{ field: 'destination' }],
          measures: [COUNT],
          sort: [{ key: 'count', dir: 'desc' }],
          limit: 10,
        }),
        encoding: { x: 'destination', y: ['count'] },
        options: {
          xLabel: 'Destination',
          yLabel: 'Flights',
          legend: 'none',
          numberFormat: 'compact',
        },
      },
      layout(6, 14, 6, 8),
    ),
    demoChart(
      'delayHistogram',
      'Delay distribution',
      'Flights by delay, in 15-minute bins.',
      {
        type: 'histogram',
        query: flightsQuery(id, {
          dimensions: [{ field: 'delay', bin: 15 }],
          measures: [COUNT],
          filters: [FIRST_HALF_OF_2001, { field: 'delay', op: 'between', value: [-60, 300] }],
        }),
        encoding: { x: 'delay', y: ['count'] },
        options: { xLabel: 'Delay (minutes)', yLabel: 'Flights', binWidth: 15, legend: 'none' },
      },
      layout(0, 22, 6, 8),
    ),
    demoChart(
      'distanceVsDelay',
      'Distance and delay by origin',
      'Each point an origin airport: mean distance against mean delay, sized by flights.',
      {
        type: 'scatter',
        query: flightsQuery(id, {
          dimensions: [{ field: 'origin' }],
          measures: [{ field: 'distance', agg: 'avg' }, { field: 'delay', agg: 'avg' }, COUNT],
          sort: [{ key: 'count', dir: 'desc' }],
          limit: 5000,
        }),
        encoding: { x: 'avg_distance', y: ['avg_delay'], size: 'count' },
        options: {
          xLabel: 'Mean distance (miles)',
          yLabel: 'Mean delay (minutes)',
          legend: 'none',
        },
      },
      layout(6, 22, 6, 8),
    ),
    demoChart(
      'delayHeatmap',
      'Delay by month and distance',
      'Mean delay by month and 500-mile distance band.',
      {
        type: 'heatmap',
        query: flightsQuery(id, {
          dimensions: [byMonth, { field: 'distance', bin: 500 }],
          measures: [{ field: 'delay', agg: 'avg' }],
        }),
        encoding: { x: 'date', series: 'distance', y: ['avg_delay'] },
        options: { xLabel: 'Month', yLabel: 'Distance (miles)', dateFormat: 'month' },
      },
      layout(0, 30, 6, 8),
    ),
    demoChart(
      'flightsByWeek',
      'Flights by week',
      'Number of flights of each week.',
      {
        type: 'area',
        query: flightsQuery(id, {
          dimensions: [{ field: 'date', grain: 'week' }],
          measures: [COUNT],
        }),
        encoding: { x: 'date', y: ['count'] },
        options: { yLabel: 'Flights', dateFormat: 'date', legend: 'none' },
      },
      layout(6, 30, 6, 8),
    ),
    demoChart(
      'topRoutes',
      'Top routes',
      'The busiest origin-destination pairs with their mean delay and distance.',
      {
        type: 'table',
        query: flightsQuery(id, {
          dimensions: [{ field: 'origin' }, { field: 'destination' }],
          measures: [COUNT, { field: 'delay', agg: 'avg' }, { field: 'distance', agg: 'avg' }],
          sort: [{ key: 'count', dir: 'desc' }],
          limit: 100,
        }),
        encoding: {},
        options: { pageSize: 10, numberFormat: 'number' },
      },
      layout(0, 38, 12, 9),
    ),
    demoChart(
      'flightsByYear',
      'Flights by year',
      'Number of flights of each year: click a year to drill into its quarters, months and days.',
      {
        type: 'column',
        query: flightsQuery(id, {
          dimensions: [{ field: 'date', grain: 'year' }],
          measures: [COUNT],
        }),
        encoding: { x: 'date', y: ['count'] },
        options: { yLabel: 'Flights', dateFormat: 'year', legend: 'none', numberFormat: 'compact' },
      },
      layout(0, 47, 12, 8),
    ),
  ];
}

export function flightsDashboard(flights: DatasetRecord): DemoDashboard {
  return {
    name: 'Flights',
    description: 'US domestic flights, January to June 2001: volume, delays and routes.',
    markdown: { text: FLIGHTS_INTRO, layout: layout(0, 0, 12, 3) },
    charts: flightsCharts(flights.id),
    filters: [
      { id: 'date', label: 'Date', type: 'dateRange', field: 'date' },
      { id: 'origin', label: 'Origin', type: 'values', field: 'origin' },
    ],
  };
}
