// WAREHOUSE_URL=clickhouse://user:password@host:port (clickhouses:// for HTTPS): every tenant's
// warehouse is a database of that ClickHouse server, reached over its HTTP interface by an
// administrator (the URL's user) that creates the databases, tables and tenant users; tenant
// queries run as the tenant's own user, read-only and limited by the server.

export interface ClickhouseWarehouseLimits {
  /** WAREHOUSE_MAX_EXECUTION_SECONDS: the server stops a tenant query after this long. */
  maxExecutionSeconds: number;
  /** WAREHOUSE_MAX_RESULT_ROWS: most rows a tenant query may answer (the server throws past). */
  maxResultRows: number;
  /** WAREHOUSE_MAX_MEMORY_MB: memory one tenant query may take, in bytes. */
  maxMemoryBytes: number;
}

export interface ClickhouseWarehouseConfig {
  host: string;
  port: number;
  ssl: boolean;
  /** The administrator: creates databases, tables and (current servers) tenant users. */
  user: string;
  password: string;
  /** WAREHOUSE_DATABASE_PREFIX (brandboard): database and user `<prefix>_<accountId>`. */
  prefix: string;
  /**
   * WAREHOUSE_USERS_DIR: a folder the server reads users from (its users.d beside users.xml).
   * Set: one XML file per tenant is written there (ClickHouse 18.16, users only in XML). Unset:
   * tenant users are made in SQL (CREATE USER, GRANT), as current servers allow.
   */
  usersDir?: string;
  limits: ClickhouseWarehouseLimits;
}

const PREFIX = /^[a-z][a-z0-9_]{0,30}$/;

/**
 * The warehouse configuration of `env`, or undefined without WAREHOUSE_URL (the embedded
 * DuckDB files). Throws an Error naming the variable that is wrong.
 */
export function clickhouseWarehouseConfigFrom(
  env: NodeJS.ProcessEnv,
  number: (name: string, fallback: number) => number,
): ClickhouseWarehouseConfig | undefined {
  const raw = env.WAREHOUSE_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('WAREHOUSE_URL must be clickhouse://user:password@host:port.');
  }
  if (url.protocol !== 'clickhouse:' && url.protocol !== 'clickhouses:') {
    throw new Error(
      `WAREHOUSE_URL must start with clickhouse:// or clickhouses://, got "${url.protocol}//".`,
    );
  }
  const ssl = url.protocol === 'clickhouses:';
  const prefix = (env.WAREHOUSE_DATABASE_PREFIX || 'brandboard').trim();
  if (!PREFIX.test(prefix)) {
    throw new Error(
      'WAREHOUSE_DATABASE_PREFIX must start with a lower-case letter and hold only a-z, 0-9 ' +
        'and _ (at most 31).',
    );
  }
  const seconds = number('WAREHOUSE_MAX_EXECUTION_SECONDS', 60);
  const rows = number('WAREHOUSE_MAX_RESULT_ROWS', 1_000_000);
  const memoryMb = number('WAREHOUSE_MAX_MEMORY_MB', 2048);
  if (seconds < 1 || rows < 1 || memoryMb < 16) {
    throw new Error(
      'WAREHOUSE_MAX_EXECUTION_SECONDS and WAREHOUSE_MAX_RESULT_ROWS must be at least 1, ' +
        'WAREHOUSE_MAX_MEMORY_MB at least 16.',
    );
  }
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : ssl ? 8443 : 8123,
    ssl,
    user: decodeURIComponent(url.username) || 'default',
    password: decodeURIComponent(url.password),
    prefix,
    usersDir: env.WAREHOUSE_USERS_DIR?.trim() || undefined,
    limits: {
      maxExecutionSeconds: seconds,
      maxResultRows: rows,
      maxMemoryBytes: memoryMb * 1024 * 1024,
    },
  };
}
