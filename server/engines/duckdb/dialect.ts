import { COMMON } from '../commonDialect';
import type { SqlDialect } from '../sqlDialect';
import { numberLiteral, quoteWith } from '../sqlText';

// DuckDB's SQL as the query compiler writes it (see sqlDialect.ts).

export const duckdbDialect: SqlDialect = {
  ...COMMON,
  name: 'duckdb',
  groupingSets: true,
  quote: quoteWith('"'),
  placeholder: (index) => `$${index}`,
  timeGrain: (expression, grain) => `CAST(date_trunc('${grain}', ${expression}) AS DATE)`,
  bin: (expression, width) =>
    `floor(CAST(${expression} AS DOUBLE) / ${numberLiteral(width)}) * ${numberLiteral(width)}`,
  median: (expression) => `median(${expression})`,
  dateColumn: (expression) => expression,
  dateValue: (placeholder) => `CAST(${placeholder} AS TIMESTAMP)`,
  booleanValue: (value) => value,
};
