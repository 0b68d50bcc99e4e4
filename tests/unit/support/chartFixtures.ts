import type { QueryResult, SemanticQuery } from '../../../common/analytics';
import type { ChartEncoding, ChartOptions, ChartSpec, ChartType } from '../../../common/charts';
import type { ChartTheme } from '../../../src/ui/charts/options/types';

export const theme: ChartTheme = {
  palette: ['#123456', '#abcdef', '#5470c6'],
  dark: false,
  textColor: '#222222',
};

export const flightsQuery: SemanticQuery = {
  datasetId: 1,
  dimensions: [{ field: 'origin' }],
  measures: [{ field: 'delay', agg: 'sum' }],
  filters: [],
  sort: [],
};

export function spec(
  type: ChartType,
  query: Partial<SemanticQuery> = {},
  encoding: ChartEncoding = {},
  options: ChartOptions = {},
): ChartSpec {
  return { type, title: 'A chart', query: { ...flightsQuery, ...query }, encoding, options };
}

export function result(columns: Array<[string, string]>, rows: unknown[][]): QueryResult {
  return {
    columns: columns.map(([name, type]) => ({ name, type })),
    rows,
    rowCount: rows.length,
    truncated: false,
    cached: false,
    durationMs: 1,
  };
}

/** sum of delay by origin */
export const byOrigin = result(
  [
    ['origin', 'string'],
    ['sum_delay', 'number'],
  ],
  [
    ['SEA', 120],
    ['PDX', 80],
    ['LAX', 300],
  ],
);

export const emptyByOrigin = result(
  byOrigin.columns.map((c) => [c.name, c.type]),
  [],
);

/** sum of delay by month and origin: two dimensions */
export const byMonthAndOrigin = result(
  [
    ['date', 'date'],
    ['origin', 'string'],
    ['sum_delay', 'number'],
  ],
  [
    ['2001-01-01', 'SEA', 10],
    ['2001-01-01', 'PDX', 20],
    ['2001-02-01', 'SEA', 30],
    ['2001-03-01', 'PDX', 40],
    ['2001-03-01', 'SEA', 50],
  ],
);

export const monthQuery: Partial<SemanticQuery> = {
  dimensions: [{ field: 'date', grain: 'month' }, { field: 'origin' }],
};
