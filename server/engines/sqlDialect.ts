import type { Dialect, TimeGrain } from '../../common/analytics';

// What differs between the SQL dialects the query compiler writes: quoting, placeholders, time
// grains, median, date comparisons and null ordering. Every expression built here is made of
// quoted identifiers of known fields and numbers checked to be finite; user values are bound.
// Each source type's dialect is in its engine folder (engines/<type>/dialect.ts).

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
  /**
   * GROUP BY GROUPING SETS with GROUPING(): a pivot's totals in one pass. Without it they are a
   * UNION ALL of GROUP BYs (MySQL's WITH ROLLUP gives one list's prefixes only: no column totals).
   */
  groupingSets?: boolean;
}
