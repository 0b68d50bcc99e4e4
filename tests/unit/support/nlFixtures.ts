import type { DatasetField, FieldRole, FieldType } from '../../../common/analytics';
import type { QuestionContext } from '../../../common/nl';
import { labelFrom } from '../../../server/features/datasets/fieldDetection';
import { DEMO_TABLES } from '../../../server/seed/demoDatasets';

// Question contexts over the demo datasets: the real field names, labels, roles and synonyms
// of server/seed/demoDatasets.ts, with realistic sampled values and ranges. Relative dates count
// from 2026-11-22.

export const TODAY = new Date('2026-11-22T12:00:00Z');

type Range = { min: number; max: number };
/** A column's type, or a number column's sampled range. */
type Columns = Record<string, FieldType | Range>;

const range = (min: number, max: number): Range => ({ min, max });
const typeOf = (column: FieldType | Range): FieldType =>
  typeof column === 'string' ? column : 'number';

/** The dataset's fields as the demo warehouse makes them: detected type and role, then hints. */
function fieldsOf(table: string, columns: Columns): DatasetField[] {
  const demo = DEMO_TABLES.find((candidate) => candidate.table === table)!;
  return Object.entries(columns).map(([name, column]) => {
    const type = typeOf(column);
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
  values: Record<string, string[]> = {},
): QuestionContext {
  const demo = DEMO_TABLES.find((candidate) => candidate.table === table)!;
  const ranges = Object.fromEntries(
    Object.entries(columns).filter(
      (entry): entry is [string, Range] => typeof entry[1] !== 'string',
    ),
  );
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
  {
    date: 'date',
    delay: range(-60, 1000),
    distance: range(30, 2700),
    origin: 'string',
    destination: 'string',
  },
  { origin: AIRPORTS, destination: AIRPORTS },
);

export const cars = context(
  2,
  'cars',
  {
    Name: 'string',
    Miles_per_Gallon: range(9, 46.6),
    Cylinders: range(3, 8),
    Displacement: range(68, 455),
    Horsepower: range(46, 230),
    Weight_in_lbs: range(1613, 5140),
    Acceleration: range(8, 24.8),
    Year: 'date',
    Origin: 'string',
  },
  { Origin: ['USA', 'Europe', 'Japan'] },
);

export const movies = context(
  3,
  'movies',
  {
    title: 'string',
    us_gross: range(0, 760_000_000),
    worldwide_gross: range(0, 2_770_000_000),
    us_dvd_sales: 'number',
    production_budget: range(218, 300_000_000),
    release_date: 'date',
    mpaa_rating: 'string',
    running_time_min: range(46, 222),
    distributor: 'string',
    major_genre: 'string',
    creative_type: 'string',
    rotten_tomatoes_rating: range(1, 100),
    imdb_rating: range(1.4, 9.2),
    imdb_votes: range(18, 519_541),
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
);

export const seattleWeather = context(
  4,
  'seattle_weather',
  {
    date: 'date',
    precipitation: range(0, 55.9),
    temp_max: range(-1.6, 35.6),
    temp_min: range(-7.1, 18.3),
    wind: range(0.4, 9.5),
    weather: 'string',
  },
  { weather: ['sun', 'rain', 'fog', 'drizzle', 'snow'] },
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

export const airports = context(
  6,
  'airports',
  {
    iata: 'string',
    name: 'string',
    city: 'string',
    state: 'string',
    country: 'string',
    latitude: range(7.3, 71.3),
    longitude: range(-176.6, 145.6),
  },
  { state: ['CA', 'TX', 'NY', 'FL', 'WA', 'OR'], country: ['USA'] },
);

export const gapminder = context(
  7,
  'gapminder',
  {
    year: range(1955, 2005),
    country: 'string',
    cluster: range(0, 5),
    pop: range(50_000, 1_300_000_000),
    life_expect: range(20, 82),
    fertility: range(0.9, 8.5),
  },
  { country: ['Afghanistan', 'Argentina', 'Brazil', 'China', 'France', 'Japan'] },
);
