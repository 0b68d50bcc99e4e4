import mysql from 'mysql2/promise';
import pg from 'pg';

// Fresh, throw-away databases on the real PostgreSQL and MariaDB servers of the test machine.
// When a server is unreachable outside CI the caller gets a skip marker (and a visible
// message); under CI=true that is an error, so a missing server fails the run.

export interface ExternalDatabaseConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  password?: string;
}

export interface ExternalDatabase {
  skipped: false;
  config: ExternalDatabaseConfig;
  drop: () => Promise<void>;
}

export interface SkippedDatabase {
  skipped: true;
  reason: string;
}

export const POSTGRES_SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres' };
export const MARIADB_SERVER = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
}

function unreachable(server: string, error: unknown): SkippedDatabase {
  const reason = `${server} unreachable (${(error as Error).message}): skipping its tests`;
  if (process.env.CI === 'true') {
    throw new Error(`${reason}. CI=true requires every real database server.`);
  }
  console.warn(`\n*** ${reason} ***\n`);
  return { skipped: true, reason };
}

export async function createPostgresDatabase(
  prefix = 'brandboard_test',
): Promise<ExternalDatabase | SkippedDatabase> {
  const admin = new pg.Client({ ...POSTGRES_SERVER, database: 'postgres' });
  try {
    await admin.connect();
  } catch (error) {
    return unreachable('PostgreSQL at 127.0.0.1:5432', error);
  }
  const database = uniqueName(prefix);
  try {
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  return {
    skipped: false,
    config: { ...POSTGRES_SERVER, database },
    drop: async () => {
      const client = new pg.Client({ ...POSTGRES_SERVER, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`drop database if exists ${database} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function createMariaDatabase(
  prefix = 'brandboard_test',
): Promise<ExternalDatabase | SkippedDatabase> {
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection(MARIADB_SERVER);
  } catch (error) {
    return unreachable('MariaDB at 127.0.0.1:3306', error);
  }
  const database = uniqueName(prefix);
  try {
    await admin.query(`create database \`${database}\``);
  } finally {
    await admin.end();
  }
  return {
    skipped: false,
    config: { ...MARIADB_SERVER, database },
    drop: async () => {
      const client = await mysql.createConnection(MARIADB_SERVER);
      try {
        await client.query(`drop database if exists \`${database}\``);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs statements on a fresh PostgreSQL database as the superuser (test fixtures). */
export async function postgresExec(config: ExternalDatabaseConfig, sql: string): Promise<void> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs statements on a fresh MariaDB database as root (test fixtures). */
export async function mariaExec(config: ExternalDatabaseConfig, sql: string): Promise<void> {
  const client = await mysql.createConnection({ ...config, multipleStatements: true });
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
