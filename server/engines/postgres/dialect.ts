import { COMMON } from '../commonDialect';
import type { SqlDialect } from '../sqlDialect';
import { numberLiteral, quoteWith } from '../sqlText';

// PostgreSQL's SQL as the query compiler writes it (see sqlDialect.ts).

export const postgresDialect: SqlDialect = {
  ...COMMON,
  name: 'postgres',
  groupingSets: true,
  quote: quoteWith('"'),
  placeholder: (index) => `$${index}`,
  timeGrain: (expression, grain) => `CAST(date_trunc('${grain}', ${expression}) AS DATE)`,
  bin: (expression, width) =>
    `floor(CAST(${expression} AS DOUBLE PRECISION) / ${numberLiteral(width)}) * ${numberLiteral(width)}`,
  median: (expression) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${expression})`,
  dateColumn: (expression) => expression,
  dateValue: (placeholder) => `CAST(${placeholder} AS TIMESTAMP)`,
  booleanValue: (value) => value,
};
