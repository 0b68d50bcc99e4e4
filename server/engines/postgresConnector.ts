import pg from 'pg';
import type { DataSourceConfig, QueryResult } from '../../common/analytics';
import { connectTarget } from './connectFailure';
import type { Connector, RunOptions, SourceSchema } from './connector';
import type { CheckedHost } from './hostPolicy';
import { postgresConnectMessage, postgresQueryError } from './postgresErrors';
import { jsonSafeTypes, typeNames } from './postgresValues';
import { cancelledError, QueryError, refusedError } from './queryError';
import { elapsedSince, watchDeadline } from './queryDeadline';
import { postgresPrivileges, privilegedUserMessage, type UserPolicy } from './sourcePrivileges';
import { refuseOutsideReach, requireReadOnlyStatement } from './statementGuard';

// A PostgreSQL source: a pg Pool per source. Each run is one statement through the extended
// protocol (which refuses a second statement) inside BEGIN READ ONLY with a local
// statement_timeout; an abort cancels the backend with pg_cancel_backend from another session.
// Before its first statement a connector checks that its user cannot reach the server beyond
// reading (sourcePrivileges.ts), unless the operator allows privileged users.

/** Extra time the client waits past statement_timeout before cancelling on its own. */
const CLIENT_GRACE_MS = 1000;

interface ProtocolConnection {
  sync(): void;
}

interface QueryInternals {
  handlePortalSuspended(connection: ProtocolConnection): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
  handleEmptyQuery(connection: ProtocolConnection): void;
  handleError(error: Error, connection: ProtocolConnection): void;
}

// pg's Query, fetching at most `rows` rows: when the portal suspends (more rows waiting) the
// query ends there instead of fetching the next page. With `rows` pg sends no Sync up front,
// so an error must send one too, or the server would wait for it forever.
const PgQuery = (pg as unknown as { Query: new (...args: unknown[]) => QueryInternals }).Query;
class LimitedQuery extends PgQuery {
  private synced = false;

  private syncOnce(connection: ProtocolConnection) {
    if (!this.synced) {
      this.synced = true;
      connection.sync();
    }
  }

  handlePortalSuspended(connection: ProtocolConnection) {
    this.syncOnce(connection);
  }

  handleCommandComplete(message: unknown, connection: ProtocolConnection) {
    this.synced = true; // pg syncs after CommandComplete when `rows` is set
    super.handleCommandComplete(message, connection);
  }

  handleEmptyQuery(connection: ProtocolConnection) {
    this.synced = true;
    super.handleEmptyQuery(connection);
  }

  handleError(error: Error, connection: ProtocolConnection) {
    this.syncOnce(connection);
    super.handleError(error, connection);
  }
}

interface ArrayResult {
  fields: { name: string; dataTypeID: number }[];
  rows: unknown[][];
}

function runLimited(
  client: pg.PoolClient,
  sql: string,
  params: unknown[],
  rows: number,
): Promise<ArrayResult> {
  return new Promise((resolve, reject) => {
    const query = new LimitedQuery(
      { text: sql, values: params, rowMode: 'array', rows, queryMode: 'extended' },
      (error: Error | null, result: ArrayResult) => (error ? reject(error) : resolve(result)),
    );
    client.query(query as unknown as pg.QueryConfig);
  });
}

/** How pg connects to the source: the checked address, the name for TLS. */
export function postgresClientConfig(
  config: DataSourceConfig,
  checked: CheckedHost,
): pg.ClientConfig {
  return {
    host: checked.address,
    port: checked.port,
    database: config.database,
    user: config.user,
    password: config.password ?? '',
    ssl: config.ssl ? { servername: config.host, rejectUnauthorized: true } : false,
    connectionTimeoutMillis: 5000,
    application_name: 'brandboard',
    types: jsonSafeTypes,
  };
}

export function openPostgresConnector(
  config: DataSourceConfig,
  checked: CheckedHost,
  policy: UserPolicy = {},
): Connector {
  const where = connectTarget(config, checked);
  const clientConfig = postgresClientConfig(config, checked);
  const pool = new pg.Pool({ ...clientConfig, max: 5, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined); // an idle client lost: the pool replaces it
  const typeCache = new Map<number, string>();

  const cancelBackend = async (pid: number) => {
    const client = new pg.Client(clientConfig);
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select pg_cancel_backend($1)', [pid]);
    } catch {
      // the query ended meanwhile, or the server is gone: nothing left to cancel
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  let userChecked = policy.allowPrivilegedUsers === true;
  /** Refuses a privileged user once per connector (a changed source opens a new one). */
  const requireUnprivilegedUser = async (client: pg.PoolClient) => {
    if (userChecked) return;
    const held = await postgresPrivileges(client).catch((error) => {
      client.release();
      throw new QueryError(postgresConnectMessage(error, where));
    });
    if (held.length) {
      client.release();
      throw refusedError(privilegedUserMessage(where.user, held));
    }
    userChecked = true;
  };

  const lookupTypes = (client: pg.PoolClient) => async (oids: number[]) =>
    (await client.query('select oid::int as oid, typname from pg_type where oid = any($1)', [oids]))
      .rows as { oid: number; typname: string }[];

  async function run(sql: string, options: RunOptions): Promise<QueryResult> {
    requireReadOnlyStatement(sql);
    refuseOutsideReach(sql, 'postgres');
    if (options.signal?.aborted) throw cancelledError();
    const started = performance.now();
    const client = await pool.connect().catch((error) => {
      throw new QueryError(postgresConnectMessage(error, where));
    });
    await requireUnprivilegedUser(client);
    const pid = (client as unknown as { processID: number }).processID;
    let running = false;
    const deadline = watchDeadline(
      options,
      () => {
        if (running) void cancelBackend(pid);
      },
      CLIENT_GRACE_MS,
    );
    let broken = false;
    try {
      await client.query('begin read only');
      await client.query("select set_config('statement_timeout', $1, true)", [
        String(options.timeoutMs),
      ]);
      if (deadline.stopped) throw deadline.error(deadline.stopped);
      running = true;
      const result = await runLimited(client, sql, options.params ?? [], options.maxRows + 1);
      running = false;
      const fields = result.fields ?? [];
      const types = await typeNames(
        fields.map((field) => field.dataTypeID),
        lookupTypes(client),
        typeCache,
      );
      const rows = (result.rows ?? []).slice(0, options.maxRows);
      return {
        columns: fields.map((field, index) => ({ name: field.name, type: types[index] })),
        rows,
        rowCount: rows.length,
        truncated: (result.rows?.length ?? 0) > options.maxRows,
        cached: false,
        durationMs: elapsedSince(started),
      };
    } catch (error) {
      running = false;
      if (error instanceof QueryError) throw error;
      const code = (error as { code?: string }).code;
      if (code === '57014') throw deadline.error('timeout');
      if (!code) broken = true;
      throw postgresQueryError(error, sql);
    } finally {
      deadline.dispose();
      if (!broken) await client.query('rollback').catch(() => (broken = true));
      client.release(broken ? true : undefined);
    }
  }

  async function listSchema(): Promise<SourceSchema> {
    const client = await pool.connect().catch((error) => {
      throw new QueryError(postgresConnectMessage(error, where));
    });
    await requireUnprivilegedUser(client);
    try {
      const columns = await client.query(
        `select table_schema, table_name, column_name, data_type
         from information_schema.columns
         where table_schema not in ('pg_catalog', 'information_schema')
         order by table_schema, table_name, ordinal_position`,
      );
      const counts = await client.query(
        `select n.nspname as schema, c.relname as name, c.reltuples::float8 as estimate
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`,
      );
      const estimates = new Map<string, number>();
      for (const row of counts.rows) {
        if (row.estimate >= 0) estimates.set(`${row.schema}.${row.name}`, Math.round(row.estimate));
      }
      const tables = new Map<string, SourceSchema['tables'][number]>();
      for (const row of columns.rows) {
        const key = `${row.table_schema}.${row.table_name}`;
        let table = tables.get(key);
        if (!table) {
          const name = row.table_schema === 'public' ? row.table_name : key;
          table = { name, columns: [] };
          const estimate = estimates.get(key);
          if (estimate !== undefined) table.rowCount = estimate;
          tables.set(key, table);
        }
        table.columns.push({ name: row.column_name, type: row.data_type });
      }
      return { tables: [...tables.values()] };
    } finally {
      client.release();
    }
  }

  return {
    dialect: 'postgres',
    async test() {
      const client = new pg.Client(clientConfig);
      client.on('error', () => undefined);
      try {
        await client.connect();
        const answer = await client.query('select version() as version');
        const version = String(answer.rows[0].version).split(' ').slice(0, 2).join(' ');
        return { ok: true, message: `Connected to ${version}, database "${where.database}".` };
      } catch (error) {
        return { ok: false, message: postgresConnectMessage(error, where) };
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    listSchema,
    run,
    close: () => pool.end(),
  };
}
