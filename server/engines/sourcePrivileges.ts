import type pg from 'pg';
import type { Connection as MysqlConnection } from 'mysql2/promise';

// Reads only, by construction: a PostgreSQL or MySQL source must connect as a user that cannot
// reach the server's files, programs, settings or other sessions, whatever SQL it is given.
// A read-only transaction does not stop those (PostgreSQL 15 runs lo_import inside BEGIN READ
// ONLY; MySQL's START TRANSACTION READ ONLY does not stop SET GLOBAL or INTO OUTFILE), and the
// lexical refusals of statementGuard.ts are a second layer only. Checked when a source is saved
// or tested, and by each connector before its first statement; DATASOURCE_ALLOW_PRIVILEGED_USERS
// lets the operator allow such a user anyway.

export interface UserPolicy {
  /** DATASOURCE_ALLOW_PRIVILEGED_USERS: a superuser or a user with FILE, SUPER… may be used. */
  allowPrivilegedUsers?: boolean;
}

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Predefined roles whose members reach the server beyond reading tables. */
const POSTGRES_ROLES: Record<string, string> = {
  pg_read_server_files: 'reads server files',
  pg_write_server_files: 'writes server files',
  pg_execute_server_program: 'runs server programs',
  pg_signal_backend: 'ends other sessions',
  pg_read_all_settings: 'reads every setting, server paths included',
};

/** Functions reaching the server's files, which a superuser may GRANT EXECUTE on. */
const POSTGRES_FILE_FUNCTIONS = [
  'lo_import',
  'lo_export',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_stat_file',
  'pg_ls_dir',
  'pg_file_write',
  'pg_file_rename',
  'pg_file_unlink',
  'pg_file_sync',
  'pg_logdir_ls',
];

const POSTGRES_QUERY = `
  select r.rolsuper as superuser, r.rolcreaterole as createrole,
    array(select g.rolname::text from pg_roles g
          where g.rolname = any($1::text[]) and pg_has_role(current_user, g.oid, 'member')
          order by 1) as roles,
    array(select distinct p.proname::text from pg_proc p
          where p.proname = any($2::text[]) and has_function_privilege(current_user, p.oid, 'execute')
          order by 1) as functions
  from pg_roles r where r.rolname = current_user`;

/** What the connected PostgreSQL user may do that a source user must not; empty when none. */
export async function postgresPrivileges(client: Queryable): Promise<string[]> {
  const answer = await client.query(POSTGRES_QUERY, [
    Object.keys(POSTGRES_ROLES),
    POSTGRES_FILE_FUNCTIONS,
  ]);
  const row = answer.rows[0] as
    { superuser: boolean; createrole: boolean; roles: string[]; functions: string[] } | undefined;
  if (!row) return [];
  if (row.superuser) return ['superuser (rolsuper)'];
  const held = row.roles.map((role) => `member of ${role} (${POSTGRES_ROLES[role]})`);
  if (row.functions.length) {
    held.push(`EXECUTE on ${row.functions.join(', ')} (server files and large objects)`);
  }
  if (row.createrole) held.push('CREATEROLE (may grant itself the roles above)');
  return held;
}

/** Global privileges reaching the server beyond reading tables (MySQL and MariaDB names). */
const MYSQL_PRIVILEGES: Record<string, string> = {
  FILE: "reads and writes the server's files",
  SUPER: 'changes server settings and ends sessions',
  PROCESS: "sees every session's statements",
  SHUTDOWN: 'stops the server',
  SYSTEM_VARIABLES_ADMIN: 'changes server settings',
  CONNECTION_ADMIN: 'ends other sessions',
  'CONNECTION ADMIN': 'ends other sessions',
};

const GLOBAL_GRANT = /^GRANT (.+?) ON \*\.\* TO /i;
const ROLE_GRANT = /^GRANT ((?:`[^`]*`(?:@`[^`]*`)?\s*,?\s*)+) TO /i;

async function grantLines(connection: MysqlConnection, sql: string): Promise<string[]> {
  const [rows] = await connection.query({ sql, rowsAsArray: true });
  return (rows as unknown[][]).map((row) => String(row[0]));
}

function globalPrivileges(lines: string[]): Set<string> {
  const privileges = new Set<string>();
  for (const line of lines) {
    const match = GLOBAL_GRANT.exec(line);
    if (!match) continue;
    for (const privilege of match[1].split(/\s*,\s*/)) {
      const name = privilege.trim().toUpperCase();
      if (name === 'ALL' || name === 'ALL PRIVILEGES') {
        for (const dangerous of Object.keys(MYSQL_PRIVILEGES)) privileges.add(dangerous);
      } else {
        privileges.add(name);
      }
    }
  }
  return privileges;
}

/**
 * What the connected MySQL/MariaDB user may do that a source user must not; empty when none.
 * Read from SHOW GRANTS (MariaDB adds the current role's), and the grants of each granted role.
 */
export async function mysqlPrivileges(connection: MysqlConnection): Promise<string[]> {
  const lines = await grantLines(connection, 'SHOW GRANTS');
  for (const line of [...lines]) {
    const roles = ROLE_GRANT.exec(line);
    if (!roles || / ON /i.test(line)) continue;
    for (const role of roles[1].match(/`[^`]*`(?:@`[^`]*`)?/g) ?? []) {
      lines.push(...(await grantLines(connection, `SHOW GRANTS FOR ${role}`).catch(() => [])));
    }
  }
  const privileges = globalPrivileges(lines);
  return Object.keys(MYSQL_PRIVILEGES)
    .filter((name) => privileges.has(name))
    .filter((name) => name !== 'CONNECTION ADMIN' || !privileges.has('CONNECTION_ADMIN'))
    .map((name) => `${name} (${MYSQL_PRIVILEGES[name]})`);
}

/**
 * What a ClickHouse user may do that a source user must not; empty when none. Every query runs
 * with readonly=1 (no writes, settings nor table functions), which the server lets a user
 * whose readonly is 0 set, and which a readonly=1 user has already; a readonly=2 user may
 * not set it, and may call table functions (url, file, remote) that reach beyond the
 * database. On 18.16 users and their profiles live in users.xml; on current versions the
 * same setting comes from CREATE USER … SETTINGS readonly = 1 or a settings profile.
 */
export function clickhousePrivileges(readonly: number): string[] {
  return readonly === 2
    ? [
        'readonly=2 (calls table functions such as url, file and remote; its queries cannot be made read-only)',
      ]
    : [];
}

/** The refusal: names the user and what it holds, and how to fix it. */
export function privilegedUserMessage(user: string, held: string[]): string {
  return (
    `User "${user}" may do more than read: ${held.join('; ')}. Connect as a user that may ` +
    'only read the tables it needs (GRANT SELECT), or let the operator set ' +
    'DATASOURCE_ALLOW_PRIVILEGED_USERS=true.'
  );
}
