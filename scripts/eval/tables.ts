import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The public tables of the broader question set: files of the vega-datasets package (a
// dependency), each a different shape: wide numeric (cars, penguins), long with a whole-number
// year (gapminder, barley, population, disasters), dated series (seattle weather, stocks,
// iowa electricity), text-heavy with money (movies).

export interface EvalTable {
  /** the key questions name their table by */
  key: string;
  /** file name in vega-datasets/data, uploaded as it is */
  file: string;
  /** the dataset's name, as a user would name it */
  name: string;
  /** where the file is, when not in vega-datasets/data */
  path?: string;
}

export const EVAL_TABLES: EvalTable[] = [
  { key: 'cars', file: 'cars.json', name: 'Cars' },
  { key: 'movies', file: 'movies.json', name: 'Movies' },
  { key: 'gapminder', file: 'gapminder.json', name: 'Gapminder' },
  { key: 'barley', file: 'barley.json', name: 'Barley' },
  { key: 'population', file: 'population.json', name: 'Population' },
  { key: 'penguins', file: 'penguins.json', name: 'Penguins' },
  { key: 'weather', file: 'seattle-weather.csv', name: 'Seattle weather' },
  { key: 'electricity', file: 'iowa-electricity.csv', name: 'Iowa electricity' },
  { key: 'disasters', file: 'disasters.csv', name: 'Disasters' },
  { key: 'stocks', file: 'stocks.csv', name: 'Stocks' },
];

/**
 * The unseen-table test set (unseenQuestions.json): vega-datasets tables no other set uses, for
 * questions of the kinds that failed on held-out sets. Never tuned on.
 */
export const UNSEEN_TABLES: EvalTable[] = [
  { key: 'birdstrikes', file: 'birdstrikes.csv', name: 'Bird strikes' },
  { key: 'riots', file: 'la-riots.csv', name: 'LA riots' },
  { key: 'jobs', file: 'jobs.json', name: 'Jobs' },
  { key: 'driving', file: 'driving.json', name: 'Driving' },
  { key: 'football', file: 'football.json', name: 'Football' },
  { key: 'unemployment', file: 'unemployment-across-industries.json', name: 'Unemployment' },
];

/**
 * The second test set of issue 33 (freshQuestions.json): twelve more vega-datasets tables no
 * other set uses, with codes, ids, snake_case names, dates as text and whole-number years.
 * Never tuned on.
 */
export const FRESH_TABLES: EvalTable[] = [
  { key: 'flights', file: 'flights-2k.json', name: 'Flights' },
  { key: 'airports', file: 'airports.csv', name: 'Airports' },
  { key: 'healthincome', file: 'gapminder-health-income.csv', name: 'Health and income' },
  { key: 'contributions', file: 'political-contributions.json', name: 'Political contributions' },
  { key: 'crimea', file: 'crimea.json', name: 'Crimean war' },
  { key: 'globaltemp', file: 'global-temp.csv', name: 'Global temperature' },
  { key: 'co2', file: 'co2-concentration.csv', name: 'CO2 concentration' },
  {
    key: 'hurricanes',
    file: 'population_engineers_hurricanes.csv',
    name: 'Population engineers hurricanes',
  },
  { key: 'wheat', file: 'wheat.json', name: 'Wheat' },
  { key: 'species', file: 'species.csv', name: 'Species' },
  { key: 'income', file: 'income.json', name: 'Household income' },
  { key: 'burtin', file: 'burtin.json', name: 'Antibiotics' },
];

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A data file of the vega-datasets package. */
export function vegaDataFile(file: string): string {
  return join(repoRoot, 'node_modules/vega-datasets/data', file);
}

export function tablePath(table: EvalTable): string {
  return table.path ?? vegaDataFile(table.file);
}

/** The column names of a table's file: a JSON array's keys, or a CSV's header. */
export function columnsOf(table: EvalTable): string[] {
  const text = readFileSync(tablePath(table), 'utf8');
  if (table.file.endsWith('.json')) {
    const rows = JSON.parse(text) as Array<Record<string, unknown>>;
    return [...new Set(rows.flatMap((row) => Object.keys(row)))];
  }
  return text.split('\n', 1)[0].trim().split(',');
}
