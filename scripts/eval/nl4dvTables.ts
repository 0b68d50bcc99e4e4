import { readFileSync } from 'node:fs';
import { vegaDataFile } from './tables';

// NL4DV's two example tables (cars-w-year, movies-w-year) are the vega-datasets tables under
// the column names NL4DV's questions use, with the year taken from the date. They are built
// from the package rather than committed as data.

type Cell = string | number | null;
type Row = Record<string, Cell>;

/** NL4DV's column name -> how it is read from a vega-datasets row. */
const TABLES: Record<string, { source: string; columns: Record<string, (row: Row) => Cell> }> = {
  'cars-w-year.csv': {
    source: 'cars.json',
    columns: {
      Model: (row) => row.Name,
      MPG: (row) => row.Miles_per_Gallon,
      Cylinders: (row) => row.Cylinders,
      Displacement: (row) => row.Displacement,
      Horsepower: (row) => row.Horsepower,
      Weight: (row) => row.Weight_in_lbs,
      Acceleration: (row) => row.Acceleration,
      Year: (row) => yearOf(row.Year),
      Origin: (row) => row.Origin,
    },
  },
  'movies-w-year.csv': {
    source: 'movies.json',
    columns: {
      Title: (row) => row.Title,
      'Worldwide Gross': (row) => row['Worldwide Gross'],
      'Production Budget': (row) => row['Production Budget'],
      'Release Year': (row) => yearOf(row['Release Date']),
      'Content Rating': (row) => row['MPAA Rating'],
      'Running Time': (row) => row['Running Time min'],
      Genre: (row) => row['Major Genre'],
      'Creative Type': (row) => row['Creative Type'],
      'Rotten Tomatoes Rating': (row) => row['Rotten Tomatoes Rating'],
      'IMDB Rating': (row) => row['IMDB Rating'],
    },
  },
};

function yearOf(date: Cell): number | null {
  const match = /\b(1[89]\d\d|20\d\d)\b/.exec(String(date ?? ''));
  return match ? Number(match[1]) : null;
}

/** The rows of NL4DV's table `file` as text cells (empty for a missing value), as a CSV reads. */
export function nl4dvTable(file: string): Record<string, string>[] {
  const table = TABLES[file];
  if (!table) throw new Error(`No NL4DV table named ${file}.`);
  const rows = JSON.parse(readFileSync(vegaDataFile(table.source), 'utf8')) as Row[];
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(table.columns).map(([name, read]) => [name, String(read(row) ?? '')]),
    ),
  );
}
