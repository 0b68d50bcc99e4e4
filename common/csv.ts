// The browser build: the package's default entry reads Node's Buffer when it loads, which the
// web app does not have. This build runs in Node as well, so the server writes with it too.
import type { CastReturnObject } from 'csv-stringify/browser/esm';
import { stringify, type Options } from 'csv-stringify/browser/esm/sync';

// Every CSV the product writes (the explorer's and charts' downloads, the survey answers) is
// written here, RFC 4180 with CRLF line ends. A text cell starting with = + - @, a tab or a
// carriage return (or their full-width forms) is written after a single quote, so a
// spreadsheet shows it instead of running it as a formula (OWASP, CSV injection).

/**
 * A number as a chart formats it ("-1,234", "-$5.00"): written like a number, without the
 * guard, since its text comes from the number's format and not from anyone's input.
 */
export class FormattedNumber {
  constructor(readonly text: string) {}
}

function objectCell(value: object): string | CastReturnObject {
  if (!(value instanceof FormattedNumber)) return JSON.stringify(value);
  // Only a negative number's text starts with a guarded character; the others skip the
  // per-cell options below, which make csv-stringify read all its options again.
  if (!value.text.startsWith('-')) return value.text;
  // csv-stringify merges the options a cast returns into that cell's options; its types leave
  // escape_formulas out of the list, its code reads it (lib/api/index.js).
  const unguarded = { value: value.text, escape_formulas: false };
  return unguarded;
}

function writerOptions(): Options {
  return {
    record_delimiter: 'windows',
    // Line breaks inside a cell are quoted (the default only when no delimiter is given).
    quote_record_delimiter: true,
    escape_formulas: true,
    // Leading or trailing blanks are quoted so that readers which trim keep them.
    quoted_match: [/^\s/, /\s$/],
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      object: objectCell,
    },
  };
}

/**
 * Rows (the header first) as CSV. Texts are guarded against formulas; numbers are written as
 * they are (-5 stays -5), booleans as true/false, dates as ISO instants, other objects as
 * JSON, null and undefined as empty cells.
 */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  // A fresh options object each time: csv-stringify fills in the one it is given.
  return stringify(rows as unknown[], writerOptions());
}
