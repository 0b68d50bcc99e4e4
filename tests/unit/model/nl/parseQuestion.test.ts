import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../../src/model/analytics';
import type { ChartType } from '../../../../src/model/charts';
import { DEFAULT_LIMIT } from '../../../../src/model/chartDraft';
import { parseQuestion, type QuestionContext } from '../../../../src/model/nl';
import { cars, flights, movies, seattleWeather } from '../../support/nlFixtures';

// The question parser, construct by construct: each question's whole semantic query and its
// chart type, over four demo datasets.

type Case = [QuestionContext, string, ChartType, Partial<Omit<SemanticQuery, 'datasetId'>>];

/** The whole query: what the case names, the rest empty, the builder's default limit. */
function query(context: QuestionContext, parts: Case[3]): SemanticQuery {
  return {
    datasetId: context.dataset.id,
    dimensions: [],
    measures: [],
    filters: [],
    sort: [],
    limit: DEFAULT_LIMIT,
    ...parts,
  };
}

function expectCases(cases: Case[]): void {
  it.each(cases)('%#: %s', (context, question, type, parts) => {
    const { spec } = parseQuestion(question, context);
    expect(spec.query).toEqual(query(context, parts));
    expect(spec.type).toBe(type);
  });
}

describe('parseQuestion: aggregations and default aggregations', () => {
  expectCases([
    [flights, 'average delay', 'kpi', { measures: [{ field: 'delay', agg: 'avg' }] }],
    [
      flights,
      'mean delay by origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'avg distance per destination',
      'bar',
      { dimensions: [{ field: 'destination' }], measures: [{ field: 'distance', agg: 'avg' }] },
    ],
    [flights, 'total distance', 'kpi', { measures: [{ field: 'distance', agg: 'sum' }] }],
    [
      flights,
      'sum of distance by origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'distance', agg: 'sum' }] },
    ],
    [flights, 'how many flights', 'kpi', { measures: [{ field: '*', agg: 'count' }] }],
    [
      flights,
      'number of flights by destination',
      'bar',
      { dimensions: [{ field: 'destination' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'count of flights per origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'maximum delay by origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'max' }] },
    ],
    [flights, 'max distance', 'kpi', { measures: [{ field: 'distance', agg: 'max' }] }],
    [
      flights,
      'highest delay by destination',
      'bar',
      { dimensions: [{ field: 'destination' }], measures: [{ field: 'delay', agg: 'max' }] },
    ],
    [
      flights,
      'minimum delay per origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'min' }] },
    ],
    [flights, 'lowest distance', 'kpi', { measures: [{ field: 'distance', agg: 'min' }] }],
    [
      flights,
      'median delay by origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'median' }] },
    ],
    [
      flights,
      'number of distinct destinations',
      'kpi',
      { measures: [{ field: 'destination', agg: 'count_distinct' }] },
    ],
    [flights, 'unique origins', 'kpi', { measures: [{ field: 'origin', agg: 'count_distinct' }] }],
    [
      cars,
      'average horsepower by origin',
      'column',
      { dimensions: [{ field: 'Origin' }], measures: [{ field: 'Horsepower', agg: 'avg' }] },
    ],
    [
      cars,
      'total weight by origin',
      'column',
      { dimensions: [{ field: 'Origin' }], measures: [{ field: 'Weight_in_lbs', agg: 'sum' }] },
    ],
    [
      movies,
      'worldwide gross by genre',
      'column',
      {
        dimensions: [{ field: 'major_genre' }],
        measures: [{ field: 'worldwide_gross', agg: 'sum' }],
      },
    ],
    [
      movies,
      'imdb rating by genre',
      'column',
      { dimensions: [{ field: 'major_genre' }], measures: [{ field: 'imdb_rating', agg: 'avg' }] },
    ],
    [
      movies,
      'imdb votes by genre',
      'column',
      { dimensions: [{ field: 'major_genre' }], measures: [{ field: 'imdb_votes', agg: 'sum' }] },
    ],
    [
      seattleWeather,
      'precipitation by weather',
      'column',
      { dimensions: [{ field: 'weather' }], measures: [{ field: 'precipitation', agg: 'sum' }] },
    ],
    [
      seattleWeather,
      'wind by weather',
      'column',
      { dimensions: [{ field: 'weather' }], measures: [{ field: 'wind', agg: 'avg' }] },
    ],
    [
      movies,
      'count of distributors',
      'kpi',
      { measures: [{ field: 'distributor', agg: 'count_distinct' }] },
    ],
    [cars, 'how many cars', 'kpi', { measures: [{ field: '*', agg: 'count' }] }],
  ]);
});

describe('parseQuestion: grouping and series', () => {
  expectCases([
    [
      flights,
      'average delay per origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay for each destination',
      'bar',
      { dimensions: [{ field: 'destination' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay across origins',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay broken down by origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay split by destination',
      'bar',
      { dimensions: [{ field: 'destination' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay grouped by origin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay by origin and destination',
      'bar',
      {
        dimensions: [{ field: 'origin' }, { field: 'destination' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      cars,
      'average mpg by origin and cylinders',
      'column',
      {
        dimensions: [{ field: 'Origin' }, { field: 'Cylinders' }],
        measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
      },
    ],
    [
      movies,
      'total us gross by genre split by mpaa rating',
      'column',
      {
        dimensions: [{ field: 'major_genre' }, { field: 'mpaa_rating' }],
        measures: [{ field: 'us_gross', agg: 'sum' }],
      },
    ],
    [
      cars,
      'number of cars by cylinders',
      'column',
      { dimensions: [{ field: 'Cylinders' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      movies,
      'count of movies for each creative type',
      'column',
      { dimensions: [{ field: 'creative_type' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      movies,
      'average running time by distributor',
      'bar',
      {
        dimensions: [{ field: 'distributor' }],
        measures: [{ field: 'running_time_min', agg: 'avg' }],
      },
    ],
    [
      seattleWeather,
      'average wind by weather',
      'column',
      { dimensions: [{ field: 'weather' }], measures: [{ field: 'wind', agg: 'avg' }] },
    ],
  ]);
});

describe('parseQuestion: time axis and date filters', () => {
  expectCases([
    [
      flights,
      'delay over time',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      flights,
      'flights by day',
      'line',
      { dimensions: [{ field: 'date', grain: 'day' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'flights per week',
      'line',
      { dimensions: [{ field: 'date', grain: 'week' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'average delay by month',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      flights,
      'average delay by quarter',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'quarter' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      flights,
      'flights by year',
      'line',
      { dimensions: [{ field: 'date', grain: 'year' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'daily flights',
      'line',
      { dimensions: [{ field: 'date', grain: 'day' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'weekly average delay',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'week' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      flights,
      'monthly total distance',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'distance', agg: 'sum' }],
      },
    ],
    [
      cars,
      'average weight over time',
      'line',
      {
        dimensions: [{ field: 'Year', grain: 'year' }],
        measures: [{ field: 'Weight_in_lbs', agg: 'avg' }],
      },
    ],
    [
      cars,
      'yearly average horsepower',
      'line',
      {
        dimensions: [{ field: 'Year', grain: 'year' }],
        measures: [{ field: 'Horsepower', agg: 'avg' }],
      },
    ],
    [
      movies,
      'total worldwide gross trend',
      'line',
      {
        dimensions: [{ field: 'release_date', grain: 'month' }],
        measures: [{ field: 'worldwide_gross', agg: 'sum' }],
      },
    ],
    [
      seattleWeather,
      'average max temperature by month',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'temp_max', agg: 'avg' }],
      },
    ],
    [
      seattleWeather,
      'average wind over time by weather',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }, { field: 'weather' }],
        measures: [{ field: 'wind', agg: 'avg' }],
      },
    ],
    [
      flights,
      'average delay in 2001',
      'kpi',
      {
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [{ field: 'date', op: 'between', value: ['2001-01-01', '2001-12-31'] }],
      },
    ],
    [
      flights,
      'flights last year',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'date', op: 'relative', value: { kind: 'previous', unit: 'year' } }],
      },
    ],
    [
      flights,
      'flights this year',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'date', op: 'relative', value: { kind: 'this', unit: 'year' } }],
      },
    ],
    [
      flights,
      'average delay in the last 30 days',
      'kpi',
      {
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [
          { field: 'date', op: 'relative', value: { kind: 'last', count: 30, unit: 'day' } },
        ],
      },
    ],
    [
      flights,
      'total distance over the past 6 months',
      'kpi',
      {
        measures: [{ field: 'distance', agg: 'sum' }],
        filters: [
          { field: 'date', op: 'relative', value: { kind: 'last', count: 6, unit: 'month' } },
        ],
      },
    ],
    [
      flights,
      'delays since March',
      'kpi',
      {
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [{ field: 'date', op: '>=', value: '2026-03-01' }],
      },
    ],
    [
      flights,
      'average delay between 2001-01-01 and 2001-03-31',
      'kpi',
      {
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [{ field: 'date', op: 'between', value: ['2001-01-01', '2001-03-31'] }],
      },
    ],
    [
      movies,
      'movies from 1990 to 2000',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'release_date', op: 'between', value: ['1990-01-01', '2000-12-31'] }],
      },
    ],
    [
      cars,
      'cars before 1975',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Year', op: '<', value: '1975-01-01' }],
      },
    ],
    [
      cars,
      'average mpg after 1980',
      'kpi',
      {
        measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
        filters: [{ field: 'Year', op: '>', value: '1980-12-31' }],
      },
    ],
    [
      movies,
      'movies released in 2005 by genre',
      'column',
      {
        dimensions: [{ field: 'major_genre' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'release_date', op: 'between', value: ['2005-01-01', '2005-12-31'] }],
      },
    ],
    [
      seattleWeather,
      'total precipitation by month in 2014',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'precipitation', agg: 'sum' }],
        filters: [{ field: 'date', op: 'between', value: ['2014-01-01', '2014-12-31'] }],
      },
    ],
  ]);
});

describe('parseQuestion: filters on values and numbers', () => {
  expectCases([
    [
      flights,
      'flights from SFO',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'origin', op: '=', value: 'SFO' }],
      },
    ],
    [
      flights,
      'flights from SFO or LAX',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'origin', op: 'in', value: ['SFO', 'LAX'] }],
      },
    ],
    [
      flights,
      'flights from SFO and LAX by month',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'origin', op: 'in', value: ['SFO', 'LAX'] }],
      },
    ],
    [
      flights,
      'flights to JFK by origin',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'destination', op: '=', value: 'JFK' }],
      },
    ],
    [
      flights,
      'average delay from SFO to LAX',
      'kpi',
      {
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [
          { field: 'origin', op: '=', value: 'SFO' },
          { field: 'destination', op: '=', value: 'LAX' },
        ],
      },
    ],
    [
      cars,
      'cars from Japan',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Origin', op: '=', value: 'Japan' }],
      },
    ],
    [
      cars,
      'cars from Japan over time',
      'line',
      {
        dimensions: [{ field: 'Year', grain: 'year' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Origin', op: '=', value: 'Japan' }],
      },
    ],
    [
      cars,
      'average mpg excluding Europe',
      'kpi',
      {
        measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
        filters: [{ field: 'Origin', op: '!=', value: 'Europe' }],
      },
    ],
    [
      cars,
      'cars not from USA by year',
      'line',
      {
        dimensions: [{ field: 'Year', grain: 'year' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Origin', op: '!=', value: 'USA' }],
      },
    ],
    [
      cars,
      'average weight except Japan and Europe',
      'kpi',
      {
        measures: [{ field: 'Weight_in_lbs', agg: 'avg' }],
        filters: [{ field: 'Origin', op: 'not in', value: ['Japan', 'Europe'] }],
      },
    ],
    [
      flights,
      'flights with delay over 100 by origin',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'delay', op: '>', value: 100 }],
      },
    ],
    [
      flights,
      'flights with more than 2000 miles distance',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: '>', value: 2000 }],
      },
    ],
    [
      flights,
      'flights with distance greater than 1000',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: '>', value: 1000 }],
      },
    ],
    [
      flights,
      'delay above 60 by destination',
      'bar',
      {
        dimensions: [{ field: 'destination' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'delay', op: '>', value: 60 }],
      },
    ],
    [
      cars,
      'cars with at least 6 cylinders',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Cylinders', op: '>=', value: 6 }],
      },
    ],
    [
      cars,
      'cars with 4 cylinders by origin',
      'column',
      {
        dimensions: [{ field: 'Origin' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Cylinders', op: '=', value: 4 }],
      },
    ],
    [
      flights,
      'flights under 500 miles distance',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: '<', value: 500 }],
      },
    ],
    [
      flights,
      'delay below 0 by origin',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'delay', op: '<', value: 0 }],
      },
    ],
    [
      cars,
      'average horsepower with weight less than 3000',
      'kpi',
      {
        measures: [{ field: 'Horsepower', agg: 'avg' }],
        filters: [{ field: 'Weight_in_lbs', op: '<', value: 3000 }],
      },
    ],
    [
      cars,
      'cars with at most 4 cylinders',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Cylinders', op: '<=', value: 4 }],
      },
    ],
    [
      flights,
      'flights with distance between 500 and 1000',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: 'between', value: [500, 1000] }],
      },
    ],
    [
      movies,
      'movies with imdb rating over 8 by genre',
      'column',
      {
        dimensions: [{ field: 'major_genre' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'imdb_rating', op: '>', value: 8 }],
      },
    ],
    [
      seattleWeather,
      'days with wind over 5',
      'kpi',
      { measures: [{ field: '*', agg: 'count' }], filters: [{ field: 'wind', op: '>', value: 5 }] },
    ],
    [
      seattleWeather,
      'rain by month',
      'line',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'weather', op: '=', value: 'rain' }],
      },
    ],
    [
      seattleWeather,
      'average max temperature when snow',
      'kpi',
      {
        measures: [{ field: 'temp_max', agg: 'avg' }],
        filters: [{ field: 'weather', op: '=', value: 'snow' }],
      },
    ],
    [
      movies,
      'comedy movies by year',
      'line',
      {
        dimensions: [{ field: 'release_date', grain: 'year' }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'major_genre', op: '=', value: 'Comedy' }],
      },
    ],
    [
      movies,
      'total us gross of action and adventure movies by year',
      'line',
      {
        dimensions: [{ field: 'release_date', grain: 'year' }],
        measures: [{ field: 'us_gross', agg: 'sum' }],
        filters: [{ field: 'major_genre', op: 'in', value: ['Action', 'Adventure'] }],
      },
    ],
  ]);
});

describe('parseQuestion: top/bottom N, sorting and limits', () => {
  expectCases([
    [
      flights,
      'average delay by origin, top 10',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        sort: [{ key: 'avg_delay', dir: 'desc' }],
        limit: 10,
      },
    ],
    [
      flights,
      'top 5 destinations by total distance',
      'bar',
      {
        dimensions: [{ field: 'destination' }],
        measures: [{ field: 'distance', agg: 'sum' }],
        sort: [{ key: 'sum_distance', dir: 'desc' }],
        limit: 5,
      },
    ],
    [
      flights,
      'bottom 5 origins by average delay',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        sort: [{ key: 'avg_delay', dir: 'asc' }],
        limit: 5,
      },
    ],
    [
      flights,
      '10 largest origins by number of flights',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        sort: [{ key: 'count', dir: 'desc' }],
        limit: 10,
      },
    ],
    [
      flights,
      '5 worst origins by average delay',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        sort: [{ key: 'avg_delay', dir: 'asc' }],
        limit: 5,
      },
    ],
    [
      flights,
      'origins with the most flights',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        sort: [{ key: 'count', dir: 'desc' }],
      },
    ],
    [
      movies,
      'top 10 distributors by worldwide gross',
      'bar',
      {
        dimensions: [{ field: 'distributor' }],
        measures: [{ field: 'worldwide_gross', agg: 'sum' }],
        sort: [{ key: 'sum_worldwide_gross', dir: 'desc' }],
        limit: 10,
      },
    ],
    [
      movies,
      'first 20 distributors',
      'bar',
      {
        dimensions: [{ field: 'distributor' }],
        measures: [{ field: '*', agg: 'count' }],
        limit: 20,
      },
    ],
    [
      flights,
      'average delay by origin sorted by average delay',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        sort: [{ key: 'avg_delay', dir: 'desc' }],
      },
    ],
    [
      flights,
      'average delay by origin ascending',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        sort: [{ key: 'avg_delay', dir: 'asc' }],
      },
    ],
    [
      flights,
      'average delay by origin descending',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        sort: [{ key: 'avg_delay', dir: 'desc' }],
      },
    ],
    [
      flights,
      'origins alphabetically',
      'bar',
      {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: '*', agg: 'count' }],
        sort: [{ key: 'origin', dir: 'asc' }],
      },
    ],
    [
      cars,
      'average mpg by origin sorted by origin',
      'column',
      {
        dimensions: [{ field: 'Origin' }],
        measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
        sort: [{ key: 'Origin', dir: 'asc' }],
      },
    ],
    [
      movies,
      'top 3 genres by median imdb rating',
      'column',
      {
        dimensions: [{ field: 'major_genre' }],
        measures: [{ field: 'imdb_rating', agg: 'median' }],
        sort: [{ key: 'median_imdb_rating', dir: 'desc' }],
        limit: 3,
      },
    ],
  ]);
});

describe('parseQuestion: shares (pie, donut)', () => {
  expectCases([
    [
      flights,
      'share of flights by origin',
      'pie',
      { dimensions: [{ field: 'origin' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'percentage of flights by destination',
      'pie',
      { dimensions: [{ field: 'destination' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      cars,
      'proportion of cars by origin',
      'pie',
      { dimensions: [{ field: 'Origin' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      movies,
      'breakdown of worldwide gross by genre',
      'pie',
      {
        dimensions: [{ field: 'major_genre' }],
        measures: [{ field: 'worldwide_gross', agg: 'sum' }],
      },
    ],
    [
      seattleWeather,
      'weather breakdown as a donut',
      'donut',
      { dimensions: [{ field: 'weather' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      movies,
      'share of movies by mpaa rating as a donut',
      'donut',
      { dimensions: [{ field: 'mpaa_rating' }], measures: [{ field: '*', agg: 'count' }] },
    ],
  ]);
});

describe('parseQuestion: distributions (histogram, counts)', () => {
  expectCases([
    [
      cars,
      'distribution of mpg',
      'histogram',
      {
        dimensions: [{ field: 'Miles_per_Gallon', bin: 2 }],
        measures: [{ field: '*', agg: 'count' }],
      },
    ],
    [
      flights,
      'delay distribution',
      'histogram',
      { dimensions: [{ field: 'delay', bin: 100 }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'histogram of distance',
      'histogram',
      { dimensions: [{ field: 'distance', bin: 200 }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      movies,
      'distribution of running time',
      'histogram',
      {
        dimensions: [{ field: 'running_time_min', bin: 10 }],
        measures: [{ field: '*', agg: 'count' }],
      },
    ],
    [
      cars,
      'distribution of origin',
      'column',
      { dimensions: [{ field: 'Origin' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      seattleWeather,
      'histogram of wind',
      'histogram',
      { dimensions: [{ field: 'wind', bin: 0.5 }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      cars,
      'histogram of weight with bin width 500',
      'histogram',
      {
        dimensions: [{ field: 'Weight_in_lbs', bin: 500 }],
        measures: [{ field: '*', agg: 'count' }],
      },
    ],
    [
      movies,
      'distribution of genre',
      'column',
      { dimensions: [{ field: 'major_genre' }], measures: [{ field: '*', agg: 'count' }] },
    ],
  ]);
});

describe('parseQuestion: relationships (scatter of raw points)', () => {
  expectCases([
    [
      cars,
      'horsepower vs weight',
      'scatter',
      { dimensions: [{ field: 'Weight_in_lbs' }, { field: 'Horsepower' }] },
    ],
    [
      cars,
      'horsepower vs weight by origin',
      'scatter',
      { dimensions: [{ field: 'Weight_in_lbs' }, { field: 'Horsepower' }, { field: 'Origin' }] },
    ],
    [
      cars,
      'relationship between mpg and weight',
      'scatter',
      { dimensions: [{ field: 'Miles_per_Gallon' }, { field: 'Weight_in_lbs' }] },
    ],
    [
      cars,
      'correlation of displacement and horsepower',
      'scatter',
      { dimensions: [{ field: 'Displacement' }, { field: 'Horsepower' }] },
    ],
    [
      cars,
      'acceleration against horsepower colour by origin',
      'scatter',
      { dimensions: [{ field: 'Horsepower' }, { field: 'Acceleration' }, { field: 'Origin' }] },
    ],
    [
      movies,
      'production budget vs worldwide gross for each genre',
      'scatter',
      {
        dimensions: [
          { field: 'worldwide_gross' },
          { field: 'production_budget' },
          { field: 'major_genre' },
        ],
      },
    ],
    [
      seattleWeather,
      'temp max vs temp min',
      'scatter',
      { dimensions: [{ field: 'temp_min' }, { field: 'temp_max' }] },
    ],
    [
      cars,
      'horsepower and weight',
      'scatter',
      { dimensions: [{ field: 'Horsepower' }, { field: 'Weight_in_lbs' }] },
    ],
    [
      seattleWeather,
      'max temperature and wind colored by weather',
      'scatter',
      { dimensions: [{ field: 'temp_max' }, { field: 'wind' }, { field: 'weather' }] },
    ],
  ]);
});

describe('parseQuestion: explicit chart types', () => {
  expectCases([
    [
      flights,
      'average delay by origin as a line chart',
      'line',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'flights by origin as a pie chart',
      'pie',
      { dimensions: [{ field: 'origin' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'flights by origin as a donut',
      'donut',
      { dimensions: [{ field: 'origin' }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [
      flights,
      'average delay by origin as a bar chart',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay by month as a column chart',
      'column',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      flights,
      'average delay by origin and destination as a stacked bar',
      'stacked',
      {
        dimensions: [{ field: 'origin' }, { field: 'destination' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      flights,
      'total distance over time as an area chart',
      'area',
      {
        dimensions: [{ field: 'date', grain: 'month' }],
        measures: [{ field: 'distance', agg: 'sum' }],
      },
    ],
    [
      flights,
      'average delay by origin as a table',
      'table',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      flights,
      'average delay by origin and destination as a heatmap',
      'heatmap',
      {
        dimensions: [{ field: 'origin' }, { field: 'destination' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      },
    ],
    [
      cars,
      'scatterplot of horsepower and weight',
      'scatter',
      { dimensions: [{ field: 'Horsepower' }, { field: 'Weight_in_lbs' }] },
    ],
    [
      cars,
      'scatter plot of mpg and acceleration',
      'scatter',
      { dimensions: [{ field: 'Miles_per_Gallon' }, { field: 'Acceleration' }] },
    ],
    [
      cars,
      'histogram of horsepower',
      'histogram',
      { dimensions: [{ field: 'Horsepower', bin: 10 }], measures: [{ field: '*', agg: 'count' }] },
    ],
    [flights, 'average delay as a number', 'kpi', { measures: [{ field: 'delay', agg: 'avg' }] }],
    [flights, 'total distance kpi', 'kpi', { measures: [{ field: 'distance', agg: 'sum' }] }],
    [flights, 'single number of flights', 'kpi', { measures: [{ field: '*', agg: 'count' }] }],
  ]);
});

describe('parseQuestion: single numbers (kpi)', () => {
  expectCases([
    [flights, 'average delay', 'kpi', { measures: [{ field: 'delay', agg: 'avg' }] }],
    [
      movies,
      'total worldwide gross',
      'kpi',
      { measures: [{ field: 'worldwide_gross', agg: 'sum' }] },
    ],
    [seattleWeather, 'maximum wind', 'kpi', { measures: [{ field: 'wind', agg: 'max' }] }],
    [
      cars,
      'number of cars from Japan',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Origin', op: '=', value: 'Japan' }],
      },
    ],
  ]);
});

describe('parseQuestion: misspellings within one edit', () => {
  expectCases([
    [
      cars,
      'average accelaration by cyclinders',
      'column',
      { dimensions: [{ field: 'Cylinders' }], measures: [{ field: 'Acceleration', agg: 'avg' }] },
    ],
    [
      cars,
      'average horsepower by Orign',
      'column',
      { dimensions: [{ field: 'Origin' }], measures: [{ field: 'Horsepower', agg: 'avg' }] },
    ],
    [
      flights,
      'average dealy by orgin',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [
      movies,
      'total worldwde gross by genre',
      'column',
      {
        dimensions: [{ field: 'major_genre' }],
        measures: [{ field: 'worldwide_gross', agg: 'sum' }],
      },
    ],
    [
      seattleWeather,
      'average precipitaton by weather',
      'column',
      { dimensions: [{ field: 'weather' }], measures: [{ field: 'precipitation', agg: 'avg' }] },
    ],
    [
      cars,
      'cars from Japna',
      'kpi',
      {
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'Origin', op: '=', value: 'Japan' }],
      },
    ],
  ]);
});

describe('parseQuestion: words it cannot place', () => {
  expectCases([
    [
      flights,
      'average delay by origin for the holidays',
      'bar',
      { dimensions: [{ field: 'origin' }], measures: [{ field: 'delay', agg: 'avg' }] },
    ],
    [cars, 'show me the fastest cars', 'kpi', { measures: [{ field: '*', agg: 'count' }] }],
    [
      movies,
      'average imdb rating by genre please and popcorn',
      'column',
      { dimensions: [{ field: 'major_genre' }], measures: [{ field: 'imdb_rating', agg: 'avg' }] },
    ],
    [
      seattleWeather,
      'what is the meaning of life',
      'kpi',
      { measures: [{ field: '*', agg: 'count' }] },
    ],
    [flights, 'show me a chart', 'kpi', { measures: [{ field: '*', agg: 'count' }] }],
  ]);
});
