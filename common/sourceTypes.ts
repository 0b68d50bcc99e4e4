import type { DataSourceConfig } from './analytics';

// Every source type as the web app and the API's schemas know it, one entry each: how a source
// of the type is reached, its connection fields and default port, and what the SQL editor
// offers for it. What the server runs for a type is server/engines/<type>/ (listed in
// server/engines/registry.ts); its name on screen is the i18n message
// analytics.datasources.types.<type>.

export type ConfigField = keyof DataSourceConfig;

/**
 * How a source is reached: the account's own warehouse (one per account, never created by
 * hand), a file in the account's folder under DATA_DIR, or a database server over the network
 * (host policy, user, password).
 */
export type SourceConnection = 'warehouse' | 'file' | 'server';

export interface SourceTypeInfo {
  connection: SourceConnection;
  /** The connection fields its form shows and its payload carries, in order. */
  fields: readonly ConfigField[];
  /**
   * A network source's port when none is given, and with TLS when that differs (then filled
   * in when the source is saved); `reaches` names what it reaches in the API's documentation.
   */
  port?: { default: number; tls?: number; reaches?: string };
  /** The SQL editor of the data explorer. */
  editor: {
    /** Which of CodeMirror's SQL dialects highlights it. */
    highlight: 'postgres' | 'mysql' | 'sqlite';
    /** The character that quotes a name (doubled inside it). */
    quote: '"' | '`';
    /** Unquoted names fold to lower case (PostgreSQL), so a mixed-case name is quoted. */
    foldsNames?: boolean;
    /** The functions completion offers: the ones analytics queries reach for. */
    functions: readonly string[];
  };
}

const SERVER_FIELDS = ['host', 'port', 'database', 'user', 'password', 'ssl'] as const;

// The functions people reach for in analytics queries (aggregates, dates, text, numbers,
// conditionals) per dialect, not each dialect's full catalogue.

const COMMON_FUNCTIONS = [
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

const WINDOW_FUNCTIONS = ['dense_rank', 'lag', 'lead', 'rank', 'row_number'];

const DUCKDB_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
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

const POSTGRES_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
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

const MYSQL_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
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

const SQLITE_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
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

// ClickHouse's own names (camelCase, case-sensitive for most), as 18.16 and later have them.
const CLICKHOUSE_FUNCTIONS = [
  'abs',
  'any',
  'argMax',
  'argMin',
  'arrayJoin',
  'avg',
  'avgIf',
  'ceil',
  'coalesce',
  'concat',
  'count',
  'countIf',
  'dateDiff',
  'floor',
  'formatDateTime',
  'groupArray',
  'if',
  'ifNull',
  'intDiv',
  'length',
  'lower',
  'lowerUTF8',
  'max',
  'median',
  'min',
  'multiIf',
  'now',
  'parseDateTimeBestEffort',
  'position',
  'positionCaseInsensitive',
  'quantile',
  'round',
  'subtractDays',
  'substring',
  'sum',
  'sumIf',
  'toDate',
  'toDateTime',
  'toFloat64',
  'toInt64',
  'toMonday',
  'toStartOfDay',
  'toStartOfHour',
  'toStartOfMonth',
  'toStartOfQuarter',
  'toStartOfYear',
  'toString',
  'toYear',
  'today',
  'uniq',
  'uniqExact',
  'upper',
  'yesterday',
];

export const SOURCE_TYPE_INFO = {
  duckdb: {
    connection: 'warehouse',
    fields: [],
    // DuckDB's SQL is close to PostgreSQL's, and it matches names case-insensitively.
    editor: { highlight: 'postgres', quote: '"', functions: DUCKDB_FUNCTIONS },
  },
  postgres: {
    connection: 'server',
    fields: SERVER_FIELDS,
    port: { default: 5432 },
    editor: { highlight: 'postgres', quote: '"', foldsNames: true, functions: POSTGRES_FUNCTIONS },
  },
  mysql: {
    connection: 'server',
    fields: SERVER_FIELDS,
    port: { default: 3306 },
    editor: { highlight: 'mysql', quote: '`', functions: MYSQL_FUNCTIONS },
  },
  sqlite: {
    connection: 'file',
    fields: ['file'],
    editor: { highlight: 'sqlite', quote: '"', functions: SQLITE_FUNCTIONS },
  },
  clickhouse: {
    connection: 'server',
    fields: SERVER_FIELDS,
    port: { default: 8123, tls: 8443, reaches: 'The HTTP interface' },
    // Backticks and backslash escapes in strings, as MySQL; names keep their case.
    editor: { highlight: 'mysql', quote: '`', functions: CLICKHOUSE_FUNCTIONS },
  },
} as const satisfies Record<string, SourceTypeInfo>;

export type SourceType = keyof typeof SOURCE_TYPE_INFO;
export const SOURCE_TYPES = Object.keys(SOURCE_TYPE_INFO) as [SourceType, ...SourceType[]];

/** A stored or sent type names one of the source types. */
export function isSourceType(type: string): type is SourceType {
  return Object.hasOwn(SOURCE_TYPE_INFO, type);
}

/** What the web app and the schemas know of `type` (DuckDB's when the type is not known yet). */
export function sourceTypeInfo(type: SourceType | undefined): SourceTypeInfo {
  return SOURCE_TYPE_INFO[type ?? 'duckdb'];
}

/** The account's own warehouse: listed from the first visit, never created nor deleted by hand. */
export function isWarehouseType(type: SourceType): boolean {
  return SOURCE_TYPE_INFO[type].connection === 'warehouse';
}

/** The port a network source uses when none is given; undefined for the others. */
export function defaultSourcePort(type: SourceType, ssl = false): number | undefined {
  const port = sourceTypeInfo(type).port;
  return port && (ssl && port.tls ? port.tls : port.default);
}
