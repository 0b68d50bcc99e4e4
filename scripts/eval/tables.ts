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

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function tablePath(table: EvalTable): string {
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
