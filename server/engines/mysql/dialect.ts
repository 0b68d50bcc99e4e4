import type { TimeGrain } from '../../../common/analytics';
import { badRequest } from '../../errors';
import { COMMON } from '../commonDialect';
import type { SqlDialect } from '../sqlDialect';
import { numberLiteral, quoteWith } from '../sqlText';

// MySQL's and MariaDB's SQL as the query compiler writes it (see sqlDialect.ts).

const MYSQL_GRAINS: Record<TimeGrain, (x: string) => string> = {
  day: (x) => `DATE(${x})`,
  week: (x) => `DATE_SUB(DATE(${x}), INTERVAL WEEKDAY(${x}) DAY)`,
  month: (x) => `DATE_ADD(MAKEDATE(YEAR(${x}), 1), INTERVAL (MONTH(${x}) - 1) MONTH)`,
  quarter: (x) => `DATE_ADD(MAKEDATE(YEAR(${x}), 1), INTERVAL (QUARTER(${x}) - 1) QUARTER)`,
  year: (x) => `MAKEDATE(YEAR(${x}), 1)`,
};

export const mysqlDialect: SqlDialect = {
  ...COMMON,
  name: 'mysql',
  quote: quoteWith('`'),
  placeholder: () => '?',
  timeGrain: (expression, grain) => MYSQL_GRAINS[grain](expression),
  bin: (expression, width) =>
    `FLOOR(${expression} / ${numberLiteral(width)}) * ${numberLiteral(width)}`,
  median: () => {
    throw badRequest('Median is not available on MySQL and MariaDB sources; use avg instead.');
  },
  dateColumn: (expression) => expression,
  dateValue: (placeholder) => `CAST(${placeholder} AS DATETIME)`,
  booleanValue: (value) => (value ? 1 : 0),
  // MySQL has no NULLS LAST: sort on "is null" first. Aliases may not appear inside
  // expressions everywhere, so the select expression is repeated.
  orderItem: (_alias, expression, dir) =>
    `(${expression}) IS NULL, ${expression} ${dir.toUpperCase()}`,
};
