import { clickhouseCode } from './code';
import { refusedError } from '../queryError';
import { firstKeyword, requireReadOnlyStatement, type ReadOnlyStatements } from '../statementGuard';

// What ClickHouse user SQL may not do, checked on its code (code.ts) before it is
// sent. The barrier that holds is at the server: each query runs with readonly=1, which
// refuses writes, DDL, setting changes and table functions (connector.ts). These
// refusals name the problem plainly, and cover what readonly=1 lets through: dictionaries
// (which read other sources), the server's own tables (other users' queries, settings,
// paths) and, for a source user whose profile is readonly=2, the table functions.

const READ_ONLY_STATEMENTS: ReadOnlyStatements = {
  keywords: ['select', 'with', 'show', 'describe', 'desc', 'exists', 'explain'],
  shown: 'SELECT, WITH, SHOW, DESCRIBE, EXISTS, EXPLAIN',
};

const TABLE_FUNCTIONS = [
  'url',
  'urlCluster',
  'remote',
  'remoteSecure',
  'cluster',
  'clusterAllReplicas',
  'file',
  'fileCluster',
  's3',
  's3Cluster',
  'gcs',
  'oss',
  'cosn',
  'azureBlobStorage',
  'azureBlobStorageCluster',
  'hdfs',
  'hdfsCluster',
  'jdbc',
  'odbc',
  'mysql',
  'postgresql',
  'mongodb',
  'redis',
  'sqlite',
  'input',
  'executable',
  'merge',
  'dictionary',
  'deltaLake\\w*',
  'iceberg\\w*',
  'hudi\\w*',
  'hive',
  'getServerSetting',
];

/** Tables of the system database with nothing of the server's or other users' in them. */
const READABLE_SYSTEM_TABLES = new Set([
  'one',
  'numbers',
  'numbers_mt',
  'zeros',
  'zeros_mt',
  'databases',
  'columns',
  'functions',
  'table_functions',
  'data_type_families',
  'formats',
  'time_zones',
]);

interface Refusal {
  pattern: RegExp;
  /** Which reading of the code the pattern is looked for in. */
  reading: 'names' | 'keywords';
  what: string;
}

const REFUSALS: Refusal[] = [
  {
    pattern: new RegExp(`\\b(${TABLE_FUNCTIONS.join('|')})\\s*\\(`, 'i'),
    reading: 'names',
    what: 'it reads files, URLs or other servers',
  },
  {
    pattern: /\bdict(Get\w*|Has|IsIn)\s*\(/i,
    reading: 'names',
    what: 'dictionaries read sources beyond this database',
  },
  {
    pattern: /\bsettings\b/i,
    reading: 'keywords',
    what: 'settings may not be changed inside a query',
  },
  {
    pattern: /\bformat\b(?!\s*\()/i,
    reading: 'keywords',
    what: 'the answer format is chosen by the server',
  },
  { pattern: /\binto\b/i, reading: 'keywords', what: 'SELECT … INTO writes files' },
  {
    pattern:
      /^\s*show\s+(?!(tables|databases|dictionaries|columns|create\s+(table|view|dictionary|database))\b)\w+/i,
    reading: 'keywords',
    what: 'SHOW may list tables, databases, dictionaries and columns only',
  },
  {
    pattern: /\b(from|in)\s+system\b(?!\s*\.)/i,
    reading: 'names',
    what: "the server's system database is not listed here",
  },
];

function refuseSystemTables(names: string): void {
  for (const match of names.matchAll(/\bsystem\s*\.\s*(\w+)/gi)) {
    if (!READABLE_SYSTEM_TABLES.has(match[1].toLowerCase())) {
      throw refusedError(
        `"system.${match[1]}" is not allowed here: the server's system tables hold other ` +
          "users' queries, settings and paths (system.one, numbers, columns, functions … may be read).",
      );
    }
  }
}

/**
 * The statement to send (without leading comments nor trailing semicolons), or a refusal
 * naming what is not allowed.
 */
export function checkClickhouseStatement(sql: string): string {
  const statement = requireReadOnlyStatement(sql, false, READ_ONLY_STATEMENTS);
  const code = clickhouseCode(statement);
  if (code.keywords.includes(';')) throw refusedError('Only one statement may run at a time.');
  refuseSystemTables(code.names);
  for (const { pattern, reading, what } of REFUSALS) {
    const found = pattern.exec(code[reading])?.[0];
    if (found) {
      throw refusedError(`"${found.trim().replace(/\s*\($/, '')}" is not allowed here: ${what}.`);
    }
  }
  return statement;
}

/** Statements whose rows can be read through `SELECT * FROM (…) LIMIT n`. */
export function isSelectStatement(statement: string): boolean {
  const keyword = firstKeyword(statement);
  return keyword === 'select' || keyword === 'with';
}
