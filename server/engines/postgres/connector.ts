import pg from 'pg';
import type { DataSourceConfig } from '../../../common/analytics';
import { connectTarget } from '../connectFailure';
import type { Connector } from '../connector';
import type { CheckedHost } from '../hostPolicy';
import { openPooledConnector, type PooledDriver } from '../pooledConnector';
import type { UserPolicy } from '../sourcePrivileges';
import { postgresConnectMessage, postgresQueryError } from './errors';
import { postgresPrivileges } from './privileges';
import { jsonSafeTypes, typeNames } from './values';

// A PostgreSQL source: a pg Pool per source, run by the pooled skeleton (pooledConnector.ts).
// Each run is one statement through the extended protocol (which refuses a second statement)
// inside BEGIN READ ONLY with a local statement_timeout; an abort cancels the backend with
// pg_cancel_backend from another session.

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

  /** A client of its own, connected for `work` and ended after. */
  const withOwnClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client(clientConfig);
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const lookupTypes = (client: pg.PoolClient) => async (oids: number[]) =>
    (await client.query('select oid::int as oid, typname from pg_type where oid = any($1)', [oids]))
      .rows as { oid: number; typname: string }[];

  const driver: PooledDriver<pg.PoolClient, ArrayResult['fields']> = {
    dialect: 'postgres',
    database: where.database,
    user: where.user,
    acquire: () => pool.connect(),
    release: (client, broken) => client.release(broken ? true : undefined),
    connectMessage: (error) => postgresConnectMessage(error, where),
    privileges: (client) => postgresPrivileges(client),
    async cancel(client) {
      const pid = (client as unknown as { processID: number }).processID;
      // the query may have ended meanwhile, or the server be gone: nothing left to cancel
      await withOwnClient((other) => other.query('select pg_cancel_backend($1)', [pid])).catch(
        () => undefined,
      );
    },
    async begin(client, timeoutMs) {
      await client.query('begin read only');
      await client.query("select set_config('statement_timeout', $1, true)", [String(timeoutMs)]);
    },
    async query(client, sql, params, keep) {
      const result = await runLimited(client, sql, params, keep + 1);
      const rows = result.rows ?? [];
      return {
        fields: result.fields ?? [],
        rows: rows.slice(0, keep),
        truncated: rows.length > keep,
      };
    },
    async columns(client, fields) {
      const types = await typeNames(
        fields.map((field) => field.dataTypeID),
        lookupTypes(client),
        typeCache,
      );
      return fields.map((field, index) => ({ name: field.name, type: types[index] }));
    },
    failure(error, sql, stopped) {
      const code = (error as { code?: string }).code;
      if (code === '57014') return { error: stopped.error('timeout'), broken: false };
      return { error: postgresQueryError(error, sql), broken: !code };
    },
    rollback: async (client) => {
      await client.query('rollback');
    },
    async readSchema(client) {
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
      return {
        columns: columns.rows.map((row) => {
          const key = `${row.table_schema}.${row.table_name}`;
          const table = row.table_schema === 'public' ? row.table_name : key;
          return { key, table, column: row.column_name, type: row.data_type };
        }),
        estimates,
      };
    },
    serverVersion: () =>
      withOwnClient(async (client) => {
        const answer = await client.query('select version() as version');
        return String(answer.rows[0].version).split(' ').slice(0, 2).join(' ');
      }),
    end: () => pool.end(),
  };
  return openPooledConnector(driver, policy);
}
