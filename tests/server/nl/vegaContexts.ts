import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { QueryColumn } from '../../../common/analytics';
import type { QuestionContext } from '../../../common/nl';
import { detectFields } from '../../../server/features/datasets/fieldDetection';

// Question contexts over vega-datasets tables as the server builds them for an uploaded table:
// column types as the warehouse reads the file, fields (labels, roles) from detectFields, no
// hand-written synonyms, values of text fields with up to 1000 distinct values (most frequent
// first) and the ranges of number fields (server/features/ai/questionContext.ts).

const MAX_SAMPLED_VALUES = 1000;
const dataDir = join(
  dirname(createRequire(import.meta.url).resolve('vega-datasets')),
  '..',
  'data',
);

type Row = Record<string, unknown>;

function readTable(file: string): Row[] {
  const text = readFileSync(join(dataDir, file), 'utf8');
  if (file.endsWith('.json')) return JSON.parse(text) as Row[];
  return parse(text, { columns: true, skip_empty_lines: true, cast: true }) as Row[];
}

/** The column type the warehouse infers from the values: BIGINT, DOUBLE, DATE or VARCHAR. */
function columnType(values: unknown[]): string {
  const present = values.filter((value) => value !== null && value !== undefined && value !== '');
  if (present.every((value) => typeof value === 'number' && Number.isInteger(value)))
    return 'BIGINT';
  if (present.every((value) => typeof value === 'number')) return 'DOUBLE';
  if (present.every((value) => /^\d{4}-\d{2}-\d{2}$/.test(String(value)))) return 'DATE';
  return 'VARCHAR';
}

function sampledValues(rows: Row[], name: string): string[] | null {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = row[name];
    if (value === null || value === undefined || value === '') continue;
    counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  }
  if (counts.size > MAX_SAMPLED_VALUES) return null;
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

let nextId = 100;

export function vegaContext(file: string, name: string): QuestionContext {
  const rows = readTable(file);
  const names = Object.keys(rows[0]);
  const columns: QueryColumn[] = names.map((column) => ({
    name: column,
    type: columnType(rows.map((row) => row[column])),
  }));
  const fields = detectFields(columns);
  const values: QuestionContext['values'] = {};
  const ranges: NonNullable<QuestionContext['ranges']> = {};
  for (const field of fields) {
    if (field.type === 'string' && field.role !== 'measure') {
      const sampled = sampledValues(rows, field.name);
      if (sampled) values[field.name] = sampled;
    }
    if (field.type === 'number') {
      const numbers = rows.map((row) => row[field.name]).filter((v) => typeof v === 'number');
      ranges[field.name] = { min: Math.min(...numbers), max: Math.max(...numbers) };
    }
  }
  return {
    dataset: { id: (nextId += 1), name, fields },
    values,
    ranges,
    today: new Date('2026-11-22T12:00:00Z'),
  };
}

export const cars = vegaContext('cars.json', 'Cars');
export const movies = vegaContext('movies.json', 'Movies');
export const gapminder = vegaContext('gapminder.json', 'Gapminder');
export const weather = vegaContext('seattle-weather.csv', 'Seattle weather');
export const barley = vegaContext('barley.json', 'Barley');
export const population = vegaContext('population.json', 'Population');
export const penguins = vegaContext('penguins.json', 'Penguins');
export const electricity = vegaContext('iowa-electricity.csv', 'Iowa electricity');
export const disasters = vegaContext('disasters.csv', 'Disasters');
export const stocks = vegaContext('stocks.csv', 'Stocks');
