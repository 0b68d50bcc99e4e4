import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest } from '../../errors';
import type { IngestLimits, UploadFormat } from '../tenantWarehouse';

export type { IngestLimits, IngestOptions } from '../tenantWarehouse';

// How a staged upload is read into the warehouse: the DuckDB reader per format with its own
// caps, the interrupt after the time limit, and the shape check of a Parquet footer.

export function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export const READERS: Record<UploadFormat, string> = {
  csv: 'read_csv',
  parquet: 'read_parquet',
  json: 'read_json',
};

/** What the CSV reader is told beyond its own sniffing. */
export interface CsvReading {
  /** "209,30" is a number (and "1.500" text, not 1.5). */
  decimalComma: boolean;
  /** Quotes are escaped by doubling them (the sniffer may take the ' of "12'500" for an escape). */
  doubledQuotes: boolean;
}

/** The reader of `format` on `file`, with DuckDB's own caps when `limits` are given. */
export function readerCall(
  file: string,
  format: UploadFormat,
  limits?: IngestLimits,
  csv?: CsvReading,
): string {
  const args = [quoteLiteral(file)];
  if (limits && format === 'csv') args.push(`max_line_size = ${limits.maxLineBytes}`);
  if (format === 'csv' && csv?.decimalComma) args.push(`decimal_separator = ','`);
  if (format === 'csv' && csv?.doubledQuotes) args.push(`escape = '"'`);
  if (limits && format === 'json') args.push(`maximum_depth = ${limits.maxJsonDepth}`);
  return `${READERS[format]}(${args.join(', ')})`;
}

/** The column delimiter, quote and escape DuckDB's sniffer finds in the CSV `file`. */
export async function sniffCsv(
  connection: DuckDBConnection,
  file: string,
  limits: IngestLimits,
): Promise<{ delimiter: string; quote: string; escape: string }> {
  const sniffed = await connection.runAndReadAll(
    `select Delimiter, Quote, Escape from sniff_csv(${quoteLiteral(file)}, max_line_size = ${limits.maxLineBytes})`,
  );
  const [delimiter, quote, escape] = (sniffed.getRowsJS()[0] ?? []).map(String);
  return { delimiter: delimiter ?? ',', quote: quote ?? '"', escape: escape ?? '"' };
}

/** Interrupts the statement running on `connection` once `timeoutMs` has passed. */
export function interruptAfter(connection: DuckDBConnection, timeoutMs: number | undefined) {
  const deadline = { passed: false, stop: () => clearTimeout(timer) };
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          deadline.passed = true;
          connection.interrupt();
        }, timeoutMs);
  return deadline;
}

/**
 * Refuses a Parquet file with more leaf columns than `maxColumns` or nested deeper than
 * `maxJsonDepth`, from its schema (the footer only, before any data is read).
 */
export async function requireParquetShape(
  connection: DuckDBConnection,
  file: string,
  limits: IngestLimits,
): Promise<void> {
  const tooMany = badRequest(
    `file: the Parquet file has more than ${limits.maxColumns} columns.`,
    'file',
  );
  const schema = `parquet_schema(${quoteLiteral(file)})`;
  const size = await connection.runAndReadAll(`select count(*) from ${schema}`);
  if (Number(size.getRowsJS()[0][0]) > limits.maxColumns * 4) throw tooMany;
  const elements = await connection.runAndReadAll(`select num_children from ${schema}`);
  const children = elements.getRowsJS().map(([n]) => Number(n ?? 0));
  if (children.filter((n) => n === 0).length > limits.maxColumns) throw tooMany;
  // A list takes two schema levels (list, element), so a nesting level may take two.
  if (schemaDepth(children) > 2 * limits.maxJsonDepth + 1) {
    throw badRequest(
      `file: the Parquet file is nested deeper than ${limits.maxJsonDepth} levels.`,
      'file',
    );
  }
}

/** Depth of a schema given in pre-order as each element's number of children (root = 1). */
export function schemaDepth(children: number[]): number {
  const open: number[] = [];
  let deepest = 0;
  for (const count of children) {
    while (open.length && open[open.length - 1] === 0) open.pop();
    if (open.length) open[open.length - 1]--;
    open.push(count);
    deepest = Math.max(deepest, open.length);
  }
  return deepest;
}

async function columnNamesOf(connection: DuckDBConnection, table: string): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    "select column_name from duckdb_columns() where schema_name = 'main' and table_name = $1 order by column_index",
    [table],
  );
  return reader.getRowsJS().map((row) => String(row[0]));
}

/**
 * Appends the rows of `from` (an upload just read) to `into` by column name, then drops
 * `from`: a column `into` lacks is refused, naming it; one the file lacks stays empty.
 */
export async function appendRowsByName(
  connection: DuckDBConnection,
  from: string,
  into: string,
): Promise<void> {
  const known = new Set(await columnNamesOf(connection, into));
  const unknown = (await columnNamesOf(connection, from)).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const names = unknown.map((name) => `"${name}"`).join(', ');
    throw badRequest(
      `file: the table "${into}" has no column ${names}; append a file of its columns, or replace the table.`,
      'file',
    );
  }
  await connection.run(
    `insert into main.${quoteIdentifier(into)} by name select * from main.${quoteIdentifier(from)}`,
  );
  await connection.run(`drop table main.${quoteIdentifier(from)}`);
}
