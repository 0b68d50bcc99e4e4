import mysql from 'mysql2/promise';
import type { Connection as CoreConnection } from 'mysql2';
import type { FieldPacket, PoolConnection, TypeCast } from 'mysql2/promise';
import type { DataSourceConfig, QueryResult } from '../../common/analytics';
import { connectTarget } from './connectFailure';
import type { Connector, RunOptions, SourceSchema } from './connector';
import type { CheckedHost } from './hostPolicy';
import { jsonSafe, naiveTimestampToIso } from './jsonValues';
import {
  INTERRUPTED_ERRNO,
  mysqlConnectMessage,
  mysqlQueryError,
  TIMEOUT_ERRNOS,
} from './mysqlErrors';
import { cancelledError, QueryError, refusedError, timeoutError } from './queryError';
import { elapsedSince, watchDeadline } from './queryDeadline';
import { mysqlPrivileges, privilegedUserMessage, type UserPolicy } from './sourcePrivileges';
import { refuseOutsideReach, requireReadOnlyStatement } from './statementGuard';

// A MySQL or MariaDB source: a mysql2 pool per source (one statement per call). Each run is a
// START TRANSACTION READ ONLY with the session's statement time limit (max_statement_time on
// MariaDB, max_execution_time on MySQL); an abort sends KILL QUERY from another connection.
// Before its first statement a connector checks that its user holds no FILE, SUPER, PROCESS…
// (sourcePrivileges.ts), unless the operator allows privileged users.

const CLIENT_GRACE_MS = 1000;

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

interface RawRows {
  fields: FieldPacket[];
  rows: unknown[][];
  truncated: boolean;
}

/** Streams the result, keeping at most `keep` rows (the rest is read and dropped). */
function queryCapped(
  connection: PoolConnection,
  sql: string,
  params: unknown[],
  keep: number,
): Promise<RawRows> {
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

  const killQuery = async (threadId: number) => {
    try {
      const killer = await mysql.createConnection(connectionOptions);
      try {
        await killer.query(`KILL QUERY ${Number(threadId)}`);
      } finally {
        await killer.end();
      }
    } catch {
      // the query ended meanwhile, or the server is gone: nothing left to stop
    }
  };

  let userChecked = policy.allowPrivilegedUsers === true;
  /** A pooled connection, once the user is known to hold no privilege beyond reading. */
  const connect = async () => {
    const connection = await pool.getConnection().catch((error) => {
      throw new QueryError(mysqlConnectMessage(error, where));
    });
    if (userChecked) return connection;
    const held = await mysqlPrivileges(connection).catch((error) => {
      connection.release();
      throw new QueryError(mysqlConnectMessage(error, where));
    });
    if (held.length) {
      connection.release();
      throw refusedError(privilegedUserMessage(where.user, held));
    }
    userChecked = true;
    return connection;
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

  async function run(sql: string, options: RunOptions): Promise<QueryResult> {
    requireReadOnlyStatement(sql, true);
    refuseOutsideReach(sql, 'mysql');
    if (options.signal?.aborted) throw cancelledError();
    const started = performance.now();
    const connection = await connect();
    const threadId = connection.threadId;
    let running = false;
    const deadline = watchDeadline(
      options,
      () => {
        if (running) void killQuery(threadId);
      },
      CLIENT_GRACE_MS,
    );
    let broken = false;
    try {
      await connection.query("set time_zone = '+00:00'");
      await limitTime(connection, options.timeoutMs);
      await connection.query('start transaction read only');
      if (deadline.stopped) throw deadline.error(deadline.stopped);
      running = true;
      const result = await queryCapped(connection, sql, options.params ?? [], options.maxRows);
      running = false;
      return {
        columns: result.fields.map((field) => ({
          name: field.name,
          type: TYPE_NAMES.get(field.columnType ?? -1) ?? String(field.columnType),
        })),
        rows: result.rows,
        rowCount: result.rows.length,
        truncated: result.truncated,
        cached: false,
        durationMs: elapsedSince(started),
      };
    } catch (error) {
      running = false;
      if (error instanceof QueryError) throw error;
      const errno = (error as { errno?: number }).errno;
      if (errno !== undefined && TIMEOUT_ERRNOS.has(errno)) throw timeoutError(options.timeoutMs);
      if (errno === INTERRUPTED_ERRNO || deadline.stopped) throw deadline.error('cancel');
      if (errno === undefined) broken = true;
      throw mysqlQueryError(error, sql);
    } finally {
      deadline.dispose();
      if (!broken) await connection.query('rollback').catch(() => (broken = true));
      if (broken) connection.destroy();
      else connection.release();
    }
  }

  async function listSchema(): Promise<SourceSchema> {
    const connection = await connect();
    try {
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
      const tables = new Map<string, SourceSchema['tables'][number]>();
      for (const row of columns as { t: string; c: string; type: string }[]) {
        let table = tables.get(row.t);
        if (!table) {
          table = { name: row.t, columns: [] };
          const estimate = estimates.get(row.t);
          if (estimate !== undefined) table.rowCount = estimate;
          tables.set(row.t, table);
        }
        table.columns.push({ name: row.c, type: String(row.type) });
      }
      return { tables: [...tables.values()] };
    } finally {
      connection.release();
    }
  }

  return {
    dialect: 'mysql',
    async test() {
      try {
        const connection = await mysql.createConnection(connectionOptions);
        try {
          const [rows] = await connection.query('select version() as version');
          const version = String((rows as { version: string }[])[0].version);
          return { ok: true, message: `Connected to ${version}, database "${where.database}".` };
        } finally {
          await connection.end();
        }
      } catch (error) {
        return { ok: false, message: mysqlConnectMessage(error, where) };
      }
    },
    listSchema,
    run,
    close: () => pool.end(),
  };
}
