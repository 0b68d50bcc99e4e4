import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteIdentifier, quoteLiteral } from './ingestion';

// Dates stored as text that DuckDB's readers leave as VARCHAR ("Jun 12 1998", "31.12.2020",
// "2020-12-31 10:00"): a column whose values nearly all parse in one of a fixed list of
// formats becomes a DATE or TIMESTAMP column, so that it is the dataset's time axis. Only the
// formats below are tried; column names are quoted, never spliced as they come.

interface TextDateFormat {
  /** a DuckDB strptime pattern */
  pattern: string;
  type: 'DATE' | 'TIMESTAMP';
}

const date = (pattern: string): TextDateFormat => ({ pattern, type: 'DATE' });
const timestamp = (pattern: string): TextDateFormat => ({ pattern, type: 'TIMESTAMP' });

/** In order of preference when two read a sample equally well (month first before day first). */
export const TEXT_DATE_FORMATS: readonly TextDateFormat[] = [
  date('%Y-%m-%d'),
  date('%Y/%m/%d'),
  date('%m/%d/%Y'),
  date('%d/%m/%Y'),
  date('%m-%d-%Y'),
  date('%d-%m-%Y'),
  date('%d.%m.%Y'),
  date('%b %d %Y'),
  date('%b %d, %Y'),
  date('%d %b %Y'),
  date('%d-%b-%Y'),
  date('%B %d %Y'),
  date('%B %d, %Y'),
  date('%d %B %Y'),
  date('%m/%d/%y'),
  date('%d/%m/%y'),
  date('%d-%b-%y'),
  date('%b %Y'),
  date('%B %Y'),
  date('%Y-%m'),
  timestamp('%Y-%m-%d %H:%M'),
  timestamp('%Y-%m-%d %H:%M:%S'),
  timestamp('%Y-%m-%dT%H:%M'),
  timestamp('%Y-%m-%dT%H:%M:%S'),
  timestamp('%Y-%m-%d %H:%M:%S.%f'),
  timestamp('%m/%d/%Y %H:%M'),
  timestamp('%m/%d/%Y %H:%M:%S'),
  timestamp('%m/%d/%Y %I:%M %p'),
  timestamp('%d/%m/%Y %H:%M'),
  timestamp('%d/%m/%Y %H:%M:%S'),
  timestamp('%d.%m.%Y %H:%M'),
  timestamp('%d.%m.%Y %H:%M:%S'),
];

/** At least this share of a column's non-empty values must parse; the rest become NULL. */
const MIN_PARSED_SHARE = 0.95;
/** Rows sampled to choose a format (the whole column is checked before converting). */
const SAMPLE_ROWS = 1000;
/** Years outside this span are not dates but version numbers, codes or scores read as dates. */
const PLAUSIBLE_YEARS = 'between 1000 and 2999';

/** The format that read the most sampled values, if it read at least MIN_PARSED_SHARE of them. */
export function chooseDateFormat(sampled: number, parsed: number[]): TextDateFormat | null {
  if (sampled === 0) return null;
  let best = -1;
  parsed.forEach((count, index) => {
    if (count >= sampled * MIN_PARSED_SHARE && (best < 0 || count > parsed[best])) best = index;
  });
  return best < 0 ? null : TEXT_DATE_FORMATS[best];
}

function parsedDate(value: string, format: TextDateFormat): string {
  return `try_strptime(${value}, ${quoteLiteral(format.pattern)})`;
}

function countParsed(value: string, format: TextDateFormat): string {
  return `count(*) filter (where year(${parsedDate(value, format)}) ${PLAUSIBLE_YEARS})`;
}

/** Non-empty values, trimmed, of `column` in `table`, first `limit` rows when given. */
function valuesOf(table: string, column: string, limit?: number): string {
  const trimmed = `trim(${quoteIdentifier(column)})`;
  const rows = limit === undefined ? '' : ` limit ${limit}`;
  return `select ${trimmed} as v from main.${quoteIdentifier(table)} where ${trimmed} <> ''${rows}`;
}

async function counts(connection: DuckDBConnection, sql: string): Promise<number[]> {
  const result = await connection.runAndReadAll(sql);
  return result.getRowsJS()[0].map((count) => Number(count ?? 0));
}

/** The date format `column` (text) is written in, or null when it does not hold dates. */
async function detectTextDateFormat(
  connection: DuckDBConnection,
  table: string,
  column: string,
): Promise<TextDateFormat | null> {
  const perFormat = TEXT_DATE_FORMATS.map((format) => countParsed('v', format));
  const sample = `select count(*), ${perFormat.join(', ')} from (${valuesOf(table, column, SAMPLE_ROWS)})`;
  const [sampled, ...parsed] = await counts(connection, sample);
  const format = chooseDateFormat(sampled, parsed);
  if (!format) return null;
  const whole = `select count(*), ${countParsed('v', format)} from (${valuesOf(table, column)})`;
  const [values, read] = await counts(connection, whole);
  return read >= values * MIN_PARSED_SHARE ? format : null;
}

/** The expression that converts text `column` to `format`'s type (unreadable values: NULL). */
function conversionOf(column: string, format: TextDateFormat): string {
  const value = `nullif(trim(${quoteIdentifier(column)}), '')`;
  return `${parsedDate(value, format)}::${format.type}`;
}

/** The text (VARCHAR) columns of the warehouse table `table`, in their order. */
export async function textColumns(connection: DuckDBConnection, table: string): Promise<string[]> {
  const result = await connection.runAndReadAll(
    `select column_name from duckdb_columns()
     where schema_name = 'main' and table_name = $1 and data_type = 'VARCHAR'
     order by column_index`,
    [table],
  );
  return result.getRowsJS().map(([name]) => String(name));
}

/** A text column read as dates, and the format its values were written in. */
export interface TextDateColumn {
  name: string;
  format: string;
}

/** Converts every text column of `table` that holds dates in one known format; answers them. */
export async function convertTextDates(
  connection: DuckDBConnection,
  table: string,
): Promise<TextDateColumn[]> {
  const converted: TextDateColumn[] = [];
  for (const column of await textColumns(connection, table)) {
    const format = await detectTextDateFormat(connection, table, column);
    if (!format) continue;
    await connection.run(
      `alter table main.${quoteIdentifier(table)} alter column ${quoteIdentifier(column)} ` +
        `type ${format.type} using ${conversionOf(column, format)}`,
    );
    converted.push({ name: column, format: format.pattern });
  }
  return converted;
}

/**
 * The USING clause that turns text `column` into the DATE or TIMESTAMP a user chose, when its
 * values are in a known format ("Jun 12 1998" does not cast); otherwise none (a plain cast).
 */
export async function textDateConversion(
  connection: DuckDBConnection,
  table: string,
  column: string,
  from: string,
  to: string,
): Promise<string> {
  if (from.toUpperCase() !== 'VARCHAR' || (to !== 'DATE' && to !== 'TIMESTAMP')) return '';
  const format = await detectTextDateFormat(connection, table, column);
  return format ? ` using ${conversionOf(column, format)}::${to}` : '';
}
