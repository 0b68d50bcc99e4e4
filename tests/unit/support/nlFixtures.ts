import type { DatasetField, FieldRole, FieldType } from '../../../src/model/analytics';
import type { QuestionContext } from '../../../src/model/nl';
import { labelFrom } from '../../../server/features/datasets/fieldDetection';
import { DEMO_TABLES } from '../../../server/seed/demoDatasets';

// Question contexts over the demo datasets: the real field names, labels, roles and synonyms
// of server/seed/demoDatasets.ts, with realistic sampled values and ranges. Relative dates count
// from 2026-11-22.

export const TODAY = new Date('2026-11-22T12:00:00Z');

type Columns = Record<string, FieldType>;

/** The dataset's fields as the demo warehouse makes them: detected type and role, then hints. */
function fieldsOf(table: string, columns: Columns): DatasetField[] {
  const demo = DEMO_TABLES.find((candidate) => candidate.table === table)!;
  return Object.entries(columns).map(([name, type]) => {
    const hints = demo.fields[name] ?? {};
    const role: FieldRole = type === 'date' ? 'time' : type === 'number' ? 'measure' : 'dimension';
    return {
      name,
      label: hints.label ?? labelFrom(name),
      type,
      role: hints.role ?? role,
      synonyms: hints.synonyms ?? [],
    };
  });
}

function context(
  id: number,
  table: string,
  columns: Columns,
  values: Record<string, string[]>,
  ranges: Record<string, { min: number; max: number }>,
): QuestionContext {
  const demo = DEMO_TABLES.find((candidate) => candidate.table === table)!;
  return {
    dataset: { id, name: demo.dataset, fields: fieldsOf(table, columns) },
    values,
    ranges,
    today: TODAY,
  };
}

const AIRPORTS = [
  'SFO',
  'LAX',
  'ORD',
  'JFK',
  'ATL',
  'DFW',
  'DEN',
  'SEA',
  'BOS',
  'LAS',
  'PHX',
  'IAH',
  'MCO',
  'EWR',
];

export const flights = context(
  1,
  'flights',
  { date: 'date', delay: 'number', distance: 'number', origin: 'string', destination: 'string' },
  { origin: AIRPORTS, destination: AIRPORTS },
  { delay: { min: -60, max: 1000 }, distance: { min: 30, max: 2700 } },
);

export const cars = context(
  2,
  'cars',
  {
    Name: 'string',
    Miles_per_Gallon: 'number',
    Cylinders: 'number',
    Displacement: 'number',
    Horsepower: 'number',
    Weight_in_lbs: 'number',
    Acceleration: 'number',
    Year: 'date',
    Origin: 'string',
  },
  { Origin: ['USA', 'Europe', 'Japan'] },
  {
    Miles_per_Gallon: { min: 9, max: 46.6 },
    Cylinders: { min: 3, max: 8 },
    Displacement: { min: 68, max: 455 },
    Horsepower: { min: 46, max: 230 },
    Weight_in_lbs: { min: 1613, max: 5140 },
    Acceleration: { min: 8, max: 24.8 },
  },
);

export const movies = context(
  3,
  'movies',
  {
    title: 'string',
    us_gross: 'number',
    worldwide_gross: 'number',
    us_dvd_sales: 'number',
    production_budget: 'number',
    release_date: 'date',
    mpaa_rating: 'string',
    running_time_min: 'number',
    distributor: 'string',
    major_genre: 'string',
    creative_type: 'string',
    rotten_tomatoes_rating: 'number',
    imdb_rating: 'number',
    imdb_votes: 'number',
  },
  {
    mpaa_rating: ['G', 'PG', 'PG-13', 'R', 'NC-17', 'Not Rated'],
    major_genre: [
      'Action',
      'Adventure',
      'Black Comedy',
      'Comedy',
      'Concert/Performance',
      'Documentary',
      'Drama',
      'Horror',
      'Musical',
      'Romantic Comedy',
      'Thriller/Suspense',
      'Western',
    ],
    creative_type: [
      'Contemporary Fiction',
      'Dramatization',
      'Factual',
      'Fantasy',
      'Historical Fiction',
      'Kids Fiction',
      'Science Fiction',
      'Super Hero',
    ],
  },
  {
    us_gross: { min: 0, max: 760_000_000 },
    worldwide_gross: { min: 0, max: 2_770_000_000 },
    production_budget: { min: 218, max: 300_000_000 },
    running_time_min: { min: 46, max: 222 },
    rotten_tomatoes_rating: { min: 1, max: 100 },
    imdb_rating: { min: 1.4, max: 9.2 },
    imdb_votes: { min: 18, max: 519_541 },
  },
);

export const seattleWeather = context(
  4,
  'seattle_weather',
  {
    date: 'date',
    precipitation: 'number',
    temp_max: 'number',
    temp_min: 'number',
    wind: 'number',
    weather: 'string',
  },
  { weather: ['sun', 'rain', 'fog', 'drizzle', 'snow'] },
  {
    precipitation: { min: 0, max: 55.9 },
    temp_max: { min: -1.6, max: 35.6 },
    temp_min: { min: -7.1, max: 18.3 },
    wind: { min: 0.4, max: 9.5 },
  },
);

/** Flights with a boolean field (not in the demo table), for "not cancelled". */
export const flightsWithCancellations: QuestionContext = {
  ...flights,
  dataset: {
    ...flights.dataset,
    id: 5,
    fields: [
      ...flights.dataset.fields,
      { name: 'cancelled', label: 'Cancelled', type: 'boolean', role: 'dimension', synonyms: [] },
    ],
  },
};
