import type { TimeGrain } from '../../../common/analytics';
import { badRequest } from '../../errors';
import { COMMON } from '../commonDialect';
import type { SqlDialect } from '../sqlDialect';
import { numberLiteral, quoteWith } from '../sqlText';

// SQLite's SQL as the query compiler writes it (see sqlDialect.ts).

const SQLITE_GRAINS: Record<TimeGrain, (x: string) => string> = {
  day: (x) => `date(${x})`,
  // 'weekday 0' moves forward to Sunday (or stays), six days back is that week's Monday.
  week: (x) => `date(${x}, 'weekday 0', '-6 days')`,
  month: (x) => `date(${x}, 'start of month')`,
  quarter: (x) =>
    `date(${x}, 'start of month', '-' || ((CAST(strftime('%m', ${x}) AS INTEGER) - 1) % 3) || ' months')`,
  year: (x) => `date(${x}, 'start of year')`,
};

export const sqliteDialect: SqlDialect = {
  ...COMMON,
  name: 'sqlite',
  quote: quoteWith('"'),
  placeholder: () => '?',
  timeGrain: (expression, grain) => SQLITE_GRAINS[grain](expression),
  bin: (expression, width) =>
    `floor(CAST(${expression} AS REAL) / ${numberLiteral(width)}) * ${numberLiteral(width)}`,
  median: () => {
    throw badRequest('Median is not available on SQLite sources; use avg instead.');
  },
  // Dates are ISO text in SQLite: compare them normalised so '2024-01-01' and
  // '2024-01-01T00:00:00' are the same instant.
  dateColumn: (expression) => `datetime(${expression})`,
  dateValue: (placeholder) => `datetime(${placeholder})`,
  booleanValue: (value) => (value ? 1 : 0),
};
