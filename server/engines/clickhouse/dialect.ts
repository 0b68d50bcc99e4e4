import type { TimeGrain } from '../../../common/analytics';
import { clickhousePlaceholder } from './params';
import { COMMON } from '../commonDialect';
import type { SqlDialect } from '../sqlDialect';
import { numberLiteral, quoteWith } from '../sqlText';

// ClickHouse's SQL: functions of its own for grains, exact distinct counts and the median,
// typed placeholders ({p1:String}), LIKE escaped with a backslash, and grouping under aliases
// of the compiler's own (see aliasesShadowColumns). Dates are truncated and compared in the
// server's time zone, as ClickHouse reads a DateTime without one.

const GRAINS: Record<TimeGrain, string> = {
  day: 'toDate',
  week: 'toMonday',
  month: 'toStartOfMonth',
  quarter: 'toStartOfQuarter',
  year: 'toStartOfYear',
};

export const clickhouseDialect: SqlDialect = {
  ...COMMON,
  name: 'clickhouse',
  groupingSets: true,
  quote: quoteWith('`'),
  placeholder: clickhousePlaceholder,
  timeGrain: (expression, grain) => `${GRAINS[grain]}(${expression})`,
  bin: (expression, width) =>
    `floor(toFloat64(${expression}) / ${numberLiteral(width)}) * ${numberLiteral(width)}`,
  // ClickHouse's median (quantile(0.5), interpolated): exact up to 8,192 values a group,
  // sampled beyond, which keeps it in bounded memory over billions of rows.
  median: (expression) => `median(${expression})`,
  // COUNT(DISTINCT) follows the server's count_distinct_implementation, which may be uniq
  // (approximate); uniqExact is exact whatever the server says.
  countDistinct: (expression) => `uniqExact(${expression})`,
  // ClickHouse answers 1 for NULL NOT IN (…), where SQL answers null (no row).
  notIn: (target, list) => `${target} NOT IN (${list}) AND ${target} IS NOT NULL`,
  likeMatch: (column, pattern) => `lowerUTF8(${column}) LIKE ${pattern}`,
  likeEscape: '\\',
  // A Date column compares with a DateTime once both are DateTime; timestamps may carry
  // milliseconds and a zone, which parseDateTimeBestEffort reads.
  dateColumn: (expression) => `toDateTime(${expression})`,
  dateValue: (placeholder) => `parseDateTimeBestEffort(${placeholder})`,
  booleanValue: (value) => (value ? 1 : 0),
  aliasesShadowColumns: true,
};
