import type { Dialect, TimeGrain } from '../../../common/analytics';
import { badRequest } from '../../errors';
import { clickhouse } from './clickhouseDialect';
import { COMMON } from './commonDialect';
import { numberLiteral, quoteWith } from './sqlText';

// What differs between the SQL dialects the compiler writes: quoting, placeholders, time
// grains, median, date comparisons and null ordering. Every expression built here is made of
// quoted identifiers of known fields and numbers checked to be finite; user values are bound.

export interface SqlDialect {
  name: Dialect;
  /** Quotes one identifier, doubling the quote character inside it. */
  quote(identifier: string): string;
  /** The placeholder of the n-th bound value (1-based); ClickHouse's names the value's type. */
  placeholder(index: number, value: unknown): string;
  /** The start of the grain's period as a DATE (weeks start on Monday). */
  timeGrain(expression: string, grain: TimeGrain): string;
  /** floor(x / width) * width with float division. */
  bin(expression: string, width: number): string;
  median(expression: string): string;
  countDistinct(expression: string): string;
  /** `target NOT IN (list)`, false for a null target as SQL has it. */
  notIn(target: string, list: string): string;
  /** A case-insensitive match of a text column against a bound, lower-case LIKE pattern. */
  likeMatch(column: string, pattern: string): string;
  /** The character that escapes % and _ (and itself) in a LIKE pattern. */
  likeEscape: string;
  /** A date/timestamp column as compared against a bound date value. */
  dateColumn(expression: string): string;
  /** A bound date value ('YYYY-MM-DD' or an ISO timestamp) as compared against a column. */
  dateValue(placeholder: string): string;
  /** Booleans as the driver can bind them. */
  booleanValue(value: boolean): unknown;
  /** One ORDER BY item with nulls last in both directions. */
  orderItem(alias: string, expression: string, dir: 'asc' | 'desc'): string;
  /**
   * ClickHouse: an alias stands for its expression everywhere in the statement, even where a
   * column of the same name is meant (WHERE, other aggregates), and GROUP BY 1 groups by the
   * number 1. Such a dialect gets the grouping in a sub-query under aliases of its own.
   */
  aliasesShadowColumns?: boolean;
}

const duckdb: SqlDialect = {
  ...COMMON,
  name: 'duckdb',
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

const postgres: SqlDialect = {
  ...COMMON,
  name: 'postgres',
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

const MYSQL_GRAINS: Record<TimeGrain, (x: string) => string> = {
  day: (x) => `DATE(${x})`,
  week: (x) => `DATE_SUB(DATE(${x}), INTERVAL WEEKDAY(${x}) DAY)`,
  month: (x) => `DATE_ADD(MAKEDATE(YEAR(${x}), 1), INTERVAL (MONTH(${x}) - 1) MONTH)`,
  quarter: (x) => `DATE_ADD(MAKEDATE(YEAR(${x}), 1), INTERVAL (QUARTER(${x}) - 1) QUARTER)`,
  year: (x) => `MAKEDATE(YEAR(${x}), 1)`,
};

const mysql: SqlDialect = {
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

const SQLITE_GRAINS: Record<TimeGrain, (x: string) => string> = {
  day: (x) => `date(${x})`,
  // 'weekday 0' moves forward to Sunday (or stays), six days back is that week's Monday.
  week: (x) => `date(${x}, 'weekday 0', '-6 days')`,
  month: (x) => `date(${x}, 'start of month')`,
  quarter: (x) =>
    `date(${x}, 'start of month', '-' || ((CAST(strftime('%m', ${x}) AS INTEGER) - 1) % 3) || ' months')`,
  year: (x) => `date(${x}, 'start of year')`,
};

const sqlite: SqlDialect = {
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

export const DIALECTS: Record<Dialect, SqlDialect> = {
  duckdb,
  postgres,
  mysql,
  sqlite,
  clickhouse,
};
