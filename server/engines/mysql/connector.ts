import mysql from 'mysql2/promise';
import type { Connection as CoreConnection } from 'mysql2';
import type { FieldPacket, PoolConnection, TypeCast } from 'mysql2/promise';
import type { DataSourceConfig } from '../../../common/analytics';
import { connectTarget } from '../connectFailure';
import type { Connector } from '../connector';
import type { CheckedHost } from '../hostPolicy';
import { jsonSafe, naiveTimestampToIso } from '../jsonValues';
import { openPooledConnector, type CappedRows, type PooledDriver } from '../pooledConnector';
import { refusedError, timeoutError } from '../queryError';
import type { UserPolicy } from '../sourcePrivileges';
import { INTERRUPTED_ERRNO, mysqlConnectMessage, mysqlQueryError, TIMEOUT_ERRNOS } from './errors';
import { mysqlPrivileges } from './privileges';

// A MySQL or MariaDB source: a mysql2 pool per source (one statement per call), run by the
// pooled skeleton (pooledConnector.ts). Each run is a START TRANSACTION READ ONLY with the
// session's statement time limit (max_statement_time on MariaDB, max_execution_time on MySQL);
// an abort sends KILL QUERY from another connection.

const TYPE_NAMES = new Map<number, string>(
  Object.entries(mysql.Types as unknown as Record<string, number>)
    .filter(([name]) => !/^\d+$/.test(name))
    .map(([name, code]) => [code, name.toLowerCase()]),
);

// Booleans are TINYINT(1); DATETIME/TIMESTAMP are read as UTC (the session runs at +00:00).
const typeCast: TypeCast = (field, next) => {
  if (field.type === 'TINY' && field.length === 1) {
    const text = field.string();
    return text === null ? null : text !== '0';
  }
  if (field.type === 'DATETIME' || field.type === 'TIMESTAMP') {
    const text = field.string();
    return text === null || text.startsWith('0000') ? text : naiveTimestampToIso(text);
  }
  return next();
};

/** Streams the result, keeping at most `keep` rows (the rest is read and dropped). */
function queryCapped(
  connection: PoolConnection,
  sql: string,
  params: unknown[],
  keep: number,
): Promise<CappedRows<FieldPacket[]>> {
  return new Promise((resolve, reject) => {
    const rows: unknown[][] = [];
    let fields: FieldPacket[] = [];
    let seen = 0;
    let failed = false;
    const core = (connection as unknown as { connection: CoreConnection }).connection;
    const query = core.query({ sql, values: params, rowsAsArray: true, typeCast });
    query.on('fields', (received: FieldPacket[]) => (fields = received));
    query.on('result', (row: unknown) => {
      // An OK packet instead of rows: the statement returned no result set (guarded
      // against before it is sent; refused here too rather than left hanging).
      if (!Array.isArray(row)) {
        if (!failed) reject(refusedError('The statement returned no rows to show.'));
        failed = true;
        return;
      }
      seen++;
      if (rows.length < keep) rows.push((row as unknown[]).map(jsonSafe));
    });
    query.on('error', (error: Error) => {
      failed = true;
      reject(error);
    });
    query.on('end', () => {
      if (!failed) resolve({ fields, rows, truncated: seen > keep });
    });
  });
}

/** How mysql2 connects to the source. */
export function mysqlConnectionOptions(
  config: DataSourceConfig,
  checked: CheckedHost,
): mysql.ConnectionOptions {
  return {
    // The checked address (no DNS rebinding); with TLS the name, so the certificate matches.
    host: config.ssl ? config.host : checked.address,
    port: checked.port,
    database: config.database,
    user: config.user,
    password: config.password ?? '',
    ssl: config.ssl ? { rejectUnauthorized: true } : undefined,
    connectTimeout: 5000,
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    dateStrings: true,
    timezone: 'Z',
  };
}

export function openMysqlConnector(
  config: DataSourceConfig,
  checked: CheckedHost,
  policy: UserPolicy = {},
): Connector {
  const where = connectTarget(config, checked);
  const connectionOptions = mysqlConnectionOptions(config, checked);
  const pool = mysql.createPool({ ...connectionOptions, connectionLimit: 5, maxIdle: 2 });
  let mariadb: boolean | undefined;

  /** A connection of its own for `work`, ended after. */
  const withOwnConnection = async <T>(work: (connection: mysql.Connection) => Promise<T>) => {
    const connection = await mysql.createConnection(connectionOptions);
    try {
      return await work(connection);
    } finally {
      await connection.end();
    }
  };

  async function limitTime(connection: PoolConnection, timeoutMs: number) {
    if (mariadb === undefined) {
      const [rows] = await connection.query('select version() as version');
      mariadb = /mariadb/i.test(String((rows as { version: string }[])[0].version));
    }
    if (mariadb) {
      await connection.query('set session max_statement_time = ?', [timeoutMs / 1000]);
    } else {
      await connection.query('set session max_execution_time = ?', [Math.ceil(timeoutMs)]);
    }
  }

  const driver: PooledDriver<PoolConnection, FieldPacket[]> = {
    dialect: 'mysql',
    database: where.database,
    user: where.user,
    acquire: () => pool.getConnection(),
    release: (connection, broken) => (broken ? connection.destroy() : connection.release()),
    connectMessage: (error) => mysqlConnectMessage(error, where),
    privileges: (connection) => mysqlPrivileges(connection),
    async cancel(connection) {
      const threadId = connection.threadId;
      // the query may have ended meanwhile, or the server be gone: nothing left to stop
      await withOwnConnection((killer) => killer.query(`KILL QUERY ${Number(threadId)}`)).catch(
        () => undefined,
      );
    },
    async begin(connection, timeoutMs) {
      await connection.query("set time_zone = '+00:00'");
      await limitTime(connection, timeoutMs);
      await connection.query('start transaction read only');
    },
    query: queryCapped,
    columns: async (_connection, fields) =>
      fields.map((field) => ({
        name: field.name,
        type: TYPE_NAMES.get(field.columnType ?? -1) ?? String(field.columnType),
      })),
    failure(error, sql, stopped, timeoutMs) {
      const errno = (error as { errno?: number }).errno;
      if (errno !== undefined && TIMEOUT_ERRNOS.has(errno)) {
        return { error: timeoutError(timeoutMs), broken: false };
      }
      if (errno === INTERRUPTED_ERRNO || stopped.reason) {
        return { error: stopped.error('cancel'), broken: false };
      }
      return { error: mysqlQueryError(error, sql), broken: errno === undefined };
    },
    rollback: async (connection) => {
      await connection.query('rollback');
    },
    async readSchema(connection) {
      const [columns] = await connection.query(
        `select table_name as t, column_name as c, column_type as type
         from information_schema.columns where table_schema = database()
         order by table_name, ordinal_position`,
      );
      const [counts] = await connection.query(
        `select table_name as t, table_rows as n from information_schema.tables
         where table_schema = database()`,
      );
      const estimates = new Map<string, number>();
      for (const row of counts as { t: string; n: number | null }[]) {
        if (row.n !== null) estimates.set(row.t, Number(row.n));
      }
      return {
        columns: (columns as { t: string; c: string; type: string }[]).map((row) => ({
          key: row.t,
          table: row.t,
          column: row.c,
          type: String(row.type),
        })),
        estimates,
      };
    },
    serverVersion: () =>
      withOwnConnection(async (connection) => {
        const [rows] = await connection.query('select version() as version');
        return String((rows as { version: string }[])[0].version);
      }),
    end: () => pool.end(),
  };
  return openPooledConnector(driver, policy);
}
