import type pg from 'pg';

// What a PostgreSQL user may do beyond reading (see ../sourcePrivileges.ts).

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
