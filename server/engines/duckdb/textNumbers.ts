import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteIdentifier, quoteLiteral } from './ingestion';
import { textColumns } from './textDates';

// Numbers written with separators DuckDB's CSV reader does not take ("1.207,84", "209,30",
// "1 234,5", "12'500.75"): a text column whose values nearly all read in one convention of
// decimal and thousands separators becomes a number column (BIGINT when no value has a
// fraction, DOUBLE otherwise). The convention is chosen per column from its values; when
// two read a column equally well ("1,234"), the file's hint decides (a `;`-separated file
// writes decimal commas). The user may name either separator on the upload instead.

export type DecimalSeparator = '.' | ',';
export type ThousandsSeparator = '' | '.' | ',' | ' ' | "'";

export interface NumberFormat {
  decimal: DecimalSeparator;
  thousands: ThousandsSeparator;
}

/** What the upload says of the separators: a separator, or undefined to detect it. */
export interface NumberSeparatorsChoice {
  decimal?: DecimalSeparator;
  thousands?: ThousandsSeparator;
}

/** At least this share of a column's non-empty values must read; the rest become NULL. */
const MIN_READ_SHARE = 0.95;
/** Values sampled to choose a format (the whole column is checked before converting). */
const SAMPLE_ROWS = 1000;
/** Spaces written as thousands separators: plain, no-break and narrow no-break. */
export const SPACES = ' \u00a0\u202f';

const DOT_DECIMAL: NumberFormat[] = [',', "'", ' ', ''].map((thousands) => ({
  decimal: '.',
  thousands: thousands as ThousandsSeparator,
}));
const COMMA_DECIMAL: NumberFormat[] = ['.', ' ', "'", ''].map((thousands) => ({
  decimal: ',',
  thousands: thousands as ThousandsSeparator,
}));

/** The decimal separator a choice names, or implies by its thousands separator. */
export function impliedDecimal(choice: NumberSeparatorsChoice): DecimalSeparator | undefined {
  if (choice.decimal) return choice.decimal;
  if (choice.thousands === '.') return ',';
  if (choice.thousands === ',') return '.';
  return undefined;
}

/**
 * Whether a file's numbers are read with a decimal comma first: as chosen, or as its column
 * delimiter hints (a `;`-separated file is written where the comma is the decimal separator).
 */
export function prefersDecimalComma(choice: NumberSeparatorsChoice, delimiter: string): boolean {
  return (impliedDecimal(choice) ?? (delimiter === ';' ? ',' : '.')) === ',';
}

/** The formats to try, in order of preference when two read a column equally well. */
export function candidateFormats(
  choice: NumberSeparatorsChoice,
  preferDecimalComma: boolean,
): NumberFormat[] {
  const ordered = preferDecimalComma
    ? [...COMMA_DECIMAL, ...DOT_DECIMAL]
    : [...DOT_DECIMAL, ...COMMA_DECIMAL];
  const decimal = impliedDecimal(choice);
  return ordered.filter(
    (format) =>
      (decimal === undefined || format.decimal === decimal) &&
      (choice.thousands === undefined || format.thousands === choice.thousands),
  );
}

const escaped = (separator: string) => (separator === '.' ? '\\.' : separator);

/** A regular expression (RE2 and JavaScript alike) of a whole number written in `format`. */
export function numberPattern({ decimal, thousands }: NumberFormat): string {
  const group = thousands === ' ' ? `[${SPACES}]` : escaped(thousands);
  const whole = thousands ? `(?:[0-9]{1,3}(?:${group}[0-9]{3})+|[0-9]+)` : '[0-9]+';
  return `^[-+]?${whole}(?:${escaped(decimal)}[0-9]+)?$`;
}

/**
 * The format that reads the most of `values` (trimmed, non-empty), if it reads at least
 * MIN_READ_SHARE of them and some value has a separator (text of bare digits stays text: codes).
 */
export function chooseNumberFormat(
  values: readonly string[],
  candidates: readonly NumberFormat[],
): NumberFormat | null {
  if (values.length === 0 || values.every((value) => /^[-+]?[0-9]+$/.test(value))) return null;
  let best: NumberFormat | null = null;
  let bestCount = 0;
  for (const format of candidates) {
    const pattern = new RegExp(numberPattern(format));
    const count = values.filter((value) => pattern.test(value)).length;
    if (count > bestCount) [best, bestCount] = [format, count];
  }
  return bestCount >= values.length * MIN_READ_SHARE ? best : null;
}

/** `value` (SQL text) written in `format`, as the text a DuckDB cast to a number reads. */
function normalized(value: string, { decimal, thousands }: NumberFormat): string {
  let plain = value;
  if (thousands === ' ') plain = `regexp_replace(${plain}, '[${SPACES}]', '', 'g')`;
  else if (thousands) plain = `replace(${plain}, ${quoteLiteral(thousands)}, '')`;
  if (decimal === ',') plain = `replace(${plain}, ',', '.')`;
  return plain;
}

const trimmedValue = (column: string) => `nullif(trim(${quoteIdentifier(column)}), '')`;

async function sampleOf(
  connection: DuckDBConnection,
  table: string,
  column: string,
): Promise<string[]> {
  const value = trimmedValue(column);
  const result = await connection.runAndReadAll(
    `select ${value} from main.${quoteIdentifier(table)} where ${value} is not null limit ${SAMPLE_ROWS}`,
  );
  return result.getRowsJS().map(([text]) => String(text));
}

/** Whether the whole column reads in `format`, and whether some value has a fraction. */
async function wholeColumnReads(
  connection: DuckDBConnection,
  table: string,
  column: string,
  format: NumberFormat,
): Promise<{ reads: boolean; fractions: boolean }> {
  const value = trimmedValue(column);
  const fraction = `${escaped(format.decimal)}[0-9]+$`;
  const result = await connection.runAndReadAll(
    `select count(${value}),
       count(*) filter (where regexp_full_match(${value}, ${quoteLiteral(numberPattern(format))})),
       count(*) filter (where regexp_matches(${value}, ${quoteLiteral(fraction)}))
     from main.${quoteIdentifier(table)}`,
  );
  const [values, read, withFraction] = result.getRowsJS()[0].map((count) => Number(count ?? 0));
  return { reads: read >= values * MIN_READ_SHARE, fractions: withFraction > 0 };
}

/**
 * Converts every text column of `table` whose values are numbers written with separators;
 * values that do not read become NULL (at most 1 in 20).
 */
export async function convertTextNumbers(
  connection: DuckDBConnection,
  table: string,
  choice: NumberSeparatorsChoice,
  preferDecimalComma: boolean,
): Promise<void> {
  const candidates = candidateFormats(choice, preferDecimalComma);
  for (const column of await textColumns(connection, table)) {
    const format = chooseNumberFormat(await sampleOf(connection, table, column), candidates);
    if (!format) continue;
    const { reads, fractions } = await wholeColumnReads(connection, table, column, format);
    if (!reads) continue;
    const type = fractions ? 'DOUBLE' : 'BIGINT';
    await connection.run(
      `alter table main.${quoteIdentifier(table)} alter column ${quoteIdentifier(column)} ` +
        `type ${type} using try_cast(${normalized(trimmedValue(column), format)} as ${type})`,
    );
  }
}

const NUMBER_TYPE = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|FLOAT|DOUBLE|DECIMAL)/;

/**
 * The format a text column being changed to a number is written in, from a sample of its
 * values; null when a plain cast reads them ("12.5") or nothing reads them.
 */
export function castFormatOf(sample: readonly string[]): NumberFormat | null {
  const format = chooseNumberFormat(sample, candidateFormats({}, false));
  return format && (format.decimal !== '.' || format.thousands !== '') ? format : null;
}

/**
 * The USING clause that turns text `column` into the number type a user chose when its values
 * are written with separators ("209,30" does not cast); otherwise none (a plain cast). The
 * cast stays strict: a value that does not read fails the change, which says so.
 */
export async function textNumberConversion(
  connection: DuckDBConnection,
  table: string,
  column: string,
  from: string,
  to: string,
): Promise<string> {
  if (from.toUpperCase() !== 'VARCHAR' || !NUMBER_TYPE.test(to)) return '';
  const format = castFormatOf(await sampleOf(connection, table, column));
  if (!format) return '';
  return ` using cast(${normalized(trimmedValue(column), format)} as ${to})`;
}
