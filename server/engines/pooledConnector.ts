import type { QueryColumn, QueryResult } from '../../common/analytics';
import type { Connector, RunOptions, SourceSchema } from './connector';
import { cancelledError, QueryError, refusedError } from './queryError';
import { elapsedSince, watchDeadline, type StopReason } from './queryDeadline';
import { privilegedUserMessage, type UserPolicy } from './sourcePrivileges';
import { schemaOfColumns, type SchemaColumn } from './schemaListing';
import type { CodeDialect } from './sqlCode';
import { refuseOutsideReach, requireReadOnlyStatement } from './statementGuard';

// A source reached through a pool of connections of its driver (PostgreSQL, MySQL/MariaDB),
// written once: each run takes a pooled connection, checks once per connector that its user
// may only read (sourcePrivileges.ts), opens a read-only transaction under the source's own time
// limit, runs one statement keeping at most maxRows rows, rolls back and gives the connection
// back (or drops it when its state is unknown). The client's deadline, a little past the
// source's limit, or an abort, stops the statement from another connection.

/** Extra time the client waits past the source's time limit before cancelling on its own. */
const CLIENT_GRACE_MS = 1000;

export interface CappedRows<Fields> {
  fields: Fields;
  /** At most the rows asked for. */
  rows: unknown[][];
  truncated: boolean;
}

/** What a failed statement becomes, and whether its connection may go back to the pool. */
export interface StatementFailure {
  error: QueryError;
  /** The connection's state is unknown (no answer from the server): destroy it. */
  broken: boolean;
}

/** One driver's part: its pool, protocol and words. */
export interface PooledDriver<Session, Fields> {
  /** Which SQL the statement checks read (`#` comments and quotes differ). */
  dialect: CodeDialect;
  /** A pooled connection; a failure is told by connectMessage. */
  acquire(): Promise<Session>;
  /** Back to the pool, or destroyed when `broken`. */
  release(session: Session, broken: boolean): void;
  /** A failed connection in words a user can act on (connectFailure.ts). */
  connectMessage(error: unknown): string;
  /** What the session's user may do beyond reading; empty when nothing. */
  privileges(session: Session): Promise<string[]>;
  /** Stops the session's running statement from another connection; never throws. */
  cancel(session: Session): Promise<void>;
  /** Opens the read-only transaction with the source's time limit. */
  begin(session: Session, timeoutMs: number): Promise<void>;
  /** One statement, keeping its first `keep` rows. */
  query(
    session: Session,
    sql: string,
    params: unknown[],
    keep: number,
  ): Promise<CappedRows<Fields>>;
  /** The result's columns, named and typed (once the statement is over). */
  columns(session: Session, fields: Fields): Promise<QueryColumn[]>;
  /** The error a failed statement answers; `stoppedError` is the deadline's for `reason`. */
  failure(
    error: unknown,
    sql: string,
    stopped: { reason: StopReason | undefined; error: (otherwise: StopReason) => QueryError },
    timeoutMs: number,
  ): StatementFailure;
  rollback(session: Session): Promise<void>;
  /** The columns of the tables the user may read, in order, and the row estimates per key. */
  readSchema(
    session: Session,
  ): Promise<{ columns: SchemaColumn[]; estimates: Map<string, number> }>;
  /** The server's version, from a connection of its own (the connection test). */
  serverVersion(): Promise<string>;
  /** The database the source names, as the connection test answers it. */
  database: string;
  /** The user the source connects as, as a refusal names it. */
  user: string;
  end(): Promise<void>;
}

export function openPooledConnector<Session, Fields>(
  driver: PooledDriver<Session, Fields>,
  policy: UserPolicy = {},
): Connector {
  let userChecked = policy.allowPrivilegedUsers === true;

  /** A pooled connection, once the user is known to hold no privilege beyond reading. */
  const connect = async (): Promise<Session> => {
    const session = await driver.acquire().catch((error) => {
      throw new QueryError(driver.connectMessage(error));
    });
    if (userChecked) return session;
    const held = await driver.privileges(session).catch((error) => {
      driver.release(session, false);
      throw new QueryError(driver.connectMessage(error));
    });
    if (held.length) {
      driver.release(session, false);
      throw refusedError(privilegedUserMessage(driver.user, held));
    }
    userChecked = true;
    return session;
  };

  async function run(sql: string, options: RunOptions): Promise<QueryResult> {
    requireReadOnlyStatement(sql, driver.dialect === 'mysql');
    refuseOutsideReach(sql, driver.dialect);
    if (options.signal?.aborted) throw cancelledError();
    const started = performance.now();
    const session = await connect();
    let running = false;
    const deadline = watchDeadline(
      options,
      () => {
        if (running) void driver.cancel(session);
      },
      CLIENT_GRACE_MS,
    );
    let broken = false;
    try {
      await driver.begin(session, options.timeoutMs);
      if (deadline.stopped) throw deadline.error(deadline.stopped);
      running = true;
      const result = await driver.query(session, sql, options.params ?? [], options.maxRows);
      running = false;
      return {
        columns: await driver.columns(session, result.fields),
        rows: result.rows,
        rowCount: result.rows.length,
        truncated: result.truncated,
        cached: false,
        durationMs: elapsedSince(started),
      };
    } catch (error) {
      running = false;
      if (error instanceof QueryError) throw error;
      const stopped = { reason: deadline.stopped, error: deadline.error };
      const failure = driver.failure(error, sql, stopped, options.timeoutMs);
      broken = failure.broken;
      throw failure.error;
    } finally {
      deadline.dispose();
      if (!broken) await driver.rollback(session).catch(() => (broken = true));
      driver.release(session, broken);
    }
  }

  async function listSchema(): Promise<SourceSchema> {
    const session = await connect();
    try {
      const { columns, estimates } = await driver.readSchema(session);
      return { tables: schemaOfColumns(columns, estimates) };
    } finally {
      driver.release(session, false);
    }
  }

  return {
    dialect: driver.dialect,
    async test() {
      try {
        const version = await driver.serverVersion();
        return { ok: true, message: `Connected to ${version}, database "${driver.database}".` };
      } catch (error) {
        return { ok: false, message: driver.connectMessage(error) };
      }
    },
    listSchema,
    run,
    close: () => driver.end(),
  };
}
