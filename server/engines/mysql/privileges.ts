import type { Connection as MysqlConnection } from 'mysql2/promise';

// What a MySQL or MariaDB user may do beyond reading (see ../sourcePrivileges.ts).

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
