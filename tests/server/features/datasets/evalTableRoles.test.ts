import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PROFILE_SAMPLE_ROWS,
  profileColumns,
} from '../../../../server/features/datasets/columnProfile';
import { numberRoleFromData } from '../../../../server/features/datasets/roleInference';
import { EVAL_TABLES, tablePath, type EvalTable } from '../../../../scripts/eval/tables';

// Every number column of the eval's public tables gets the role a person expects: amounts stay
// measures however often their values repeat, years are time, codes and bands are dimensions.

type Role = 'measure' | 'dimension' | 'time';
const EXPECTED: Record<string, Record<string, Role>> = {
  cars: {
    Miles_per_Gallon: 'measure',
    Cylinders: 'dimension',
    Displacement: 'measure',
    Horsepower: 'measure',
    Weight_in_lbs: 'measure',
    Acceleration: 'measure',
  },
  movies: {
    'US Gross': 'measure',
    'Worldwide Gross': 'measure',
    'US DVD Sales': 'measure',
    'Production Budget': 'measure',
    'Running Time min': 'measure',
    'Rotten Tomatoes Rating': 'measure',
    'IMDB Rating': 'measure',
    'IMDB Votes': 'measure',
  },
  gapminder: {
    year: 'time',
    cluster: 'dimension',
    pop: 'measure',
    life_expect: 'measure',
    fertility: 'measure',
  },
  barley: { yield: 'measure', year: 'time' },
  population: { year: 'time', age: 'dimension', sex: 'dimension', people: 'measure' },
  penguins: {
    'Beak Length (mm)': 'measure',
    'Beak Depth (mm)': 'measure',
    'Flipper Length (mm)': 'measure',
    'Body Mass (g)': 'measure',
  },
  weather: { precipitation: 'measure', temp_max: 'measure', temp_min: 'measure', wind: 'measure' },
  electricity: { net_generation: 'measure' },
  disasters: { Year: 'time', Deaths: 'measure' },
  stocks: { price: 'measure' },
};

/** Rows of a table's file as objects (CSV values stay text, as a sniffer-less reader sees them). */
function rowsOf(table: EvalTable): Array<Record<string, unknown>> {
  const text = readFileSync(tablePath(table), 'utf8');
  if (table.file.endsWith('.json')) return JSON.parse(text) as Array<Record<string, unknown>>;
  const [header, ...lines] = text.trim().split('\n');
  const names = header.trim().split(',');
  return lines.map((line) => {
    const cells = line.trim().split(',');
    return Object.fromEntries(names.map((name, index) => [name, cells[index]]));
  });
}

const isNumber = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isFinite(Number(value));

/** The role of each column whose every value is a number. */
function numberRoles(table: EvalTable): Record<string, string> {
  const rows = rowsOf(table).slice(0, PROFILE_SAMPLE_ROWS);
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((name) =>
    rows.every((row) => isNumber(row[name]) && typeof row[name] !== 'boolean'),
  );
  const columns = names.map((name) => ({ name, type: 'DOUBLE' }));
  const profiles = profileColumns(
    columns,
    rows.map((row) => names.map((name) => (row[name] === '' ? null : row[name]))),
  );
  return Object.fromEntries(names.map((name) => [name, numberRoleFromData(name, profiles[name])]));
}

describe('roles of the eval tables’ number columns', () => {
  it.each(EVAL_TABLES)('$key', (table) => {
    expect(numberRoles(table)).toEqual(EXPECTED[table.key]);
  });
});
