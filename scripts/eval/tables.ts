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

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function tablePath(table: EvalTable): string {
  if (table.path) return table.path;
  return join(repoRoot, 'node_modules/vega-datasets/data', table.file);
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
