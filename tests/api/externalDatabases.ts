import mysql from 'mysql2/promise';
import pg from 'pg';

// Fresh, throw-away databases on the real PostgreSQL and MariaDB servers of the test machine,
// each with its own least-privilege user (`reader`: may connect and SELECT its tables, present
// and future, and use its sequences, so a read-only transaction is what refuses nextval), the user a real deployment connects a source as. `config` is the
// superuser, for fixtures and for the privileged-user tests.
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
  /** The server's superuser (postgres, root) on this database: fixtures only. */
  config: ExternalDatabaseConfig;
  /** A user that may only read this database's tables (no password, as the superusers). */
  reader: ExternalDatabaseConfig;
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
  const reader = `${database}_reader`;
  try {
    await admin.query(`create database ${database}`);
    await admin.query(`create role ${reader} login`);
  } finally {
    await admin.end();
  }
  const config = { ...POSTGRES_SERVER, database };
  await postgresExec(
    config,
    `grant connect on database ${database} to ${reader};
     grant usage on schema public to ${reader};
     alter default privileges in schema public grant select on tables to ${reader};
     alter default privileges in schema public grant usage on sequences to ${reader};`,
  );
  return {
    skipped: false,
    config,
    reader: { ...config, user: reader },
    drop: async () => {
      const client = new pg.Client({ ...POSTGRES_SERVER, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`drop database if exists ${database} with (force)`);
        await client.query(`drop role if exists ${reader}`);
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
  const reader = `${database}_r`;
  try {
    await admin.query(`create database \`${database}\``);
    await admin.query(`create user '${reader}'@'%'`);
    await admin.query(`grant select on \`${database}\`.* to '${reader}'@'%'`);
  } finally {
    await admin.end();
  }
  const config = { ...MARIADB_SERVER, database };
  return {
    skipped: false,
    config,
    reader: { ...config, user: reader },
    drop: async () => {
      const client = await mysql.createConnection(MARIADB_SERVER);
      try {
        await client.query(`drop database if exists \`${database}\``);
        await client.query(`drop user if exists '${reader}'@'%'`);
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
