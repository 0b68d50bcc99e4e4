import type { SourceType } from '../../model/analytics';

// The functions the editor offers per source dialect: the ones people reach for in analytics
// queries (aggregates, dates, text, numbers, conditionals), not each dialect's full catalogue.

const COMMON = [
  'abs',
  'avg',
  'ceil',
  'coalesce',
  'count',
  'floor',
  'length',
  'lower',
  'max',
  'min',
  'nullif',
  'replace',
  'round',
  'substr',
  'sum',
  'trim',
  'upper',
];

const WINDOW = ['dense_rank', 'lag', 'lead', 'rank', 'row_number'];

const DUCKDB = [
  ...COMMON,
  ...WINDOW,
  'any_value',
  'approx_count_distinct',
  'arg_max',
  'arg_min',
  'concat',
  'current_date',
  'date_diff',
  'date_part',
  'date_trunc',
  'epoch',
  'greatest',
  'least',
  'list',
  'median',
  'mode',
  'now',
  'quantile_cont',
  'regexp_matches',
  'split_part',
  'stddev',
  'strftime',
  'string_agg',
  'strptime',
  'today',
  'try_cast',
  'year',
  'month',
  'day',
];

const POSTGRES = [
  ...COMMON,
  ...WINDOW,
  'age',
  'array_agg',
  'bool_and',
  'bool_or',
  'concat',
  'current_date',
  'date_part',
  'date_trunc',
  'extract',
  'greatest',
  'least',
  'now',
  'percentile_cont',
  'regexp_replace',
  'split_part',
  'stddev',
  'string_agg',
  'to_char',
  'to_date',
  'to_timestamp',
];

const MYSQL = [
  ...COMMON,
  ...WINDOW,
  'concat',
  'curdate',
  'date_format',
  'datediff',
  'day',
  'greatest',
  'group_concat',
  'ifnull',
  'least',
  'month',
  'now',
  'std',
  'str_to_date',
  'timestampdiff',
  'year',
];

const SQLITE = [
  ...COMMON,
  ...WINDOW,
  'date',
  'datetime',
  'group_concat',
  'ifnull',
  'instr',
  'julianday',
  'printf',
  'strftime',
  'time',
  'total',
];

const BY_TYPE: Record<SourceType, string[]> = {
  duckdb: DUCKDB,
  postgres: POSTGRES,
  mysql: MYSQL,
  sqlite: SQLITE,
};

/** The functions of a source's dialect, sorted (DuckDB's when the type is not known yet). */
export function dialectFunctions(type: SourceType | undefined): string[] {
  return [...new Set(BY_TYPE[type ?? 'duckdb'])].sort();
}
