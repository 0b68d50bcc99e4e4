import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../server/engines/queryError';
import { sqlCode } from '../../../server/engines/sqlCode';
import {
  refuseOutsideReach,
  requireReadOnlyStatement,
} from '../../../server/engines/statementGuard';

function refusal(sql: string, dialect: 'mysql' | 'postgres'): string | null {
  try {
    refuseOutsideReach(sql, dialect);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return (error as QueryError).message;
  }
}

describe('sqlCode', () => {
  it('blanks literals and comments, keeping positions', () => {
    const sql = "select 'a''b', x -- note\nfrom t /* c */";
    const code = sqlCode(sql, 'postgres', false);
    expect(code).toHaveLength(sql.length);
    expect(code).toBe('select       , x        \nfrom t        ');
  });

  it('keeps the names of PostgreSQL quoted identifiers and blanks dollar quotes', () => {
    expect(sqlCode('select "pg_read_file"($x$ into $x$)', 'postgres', false)).toBe(
      'select  pg_read_file (            )',
    );
  });

  it('reads a$b$ as a PostgreSQL name, not a dollar quote', () => {
    expect(sqlCode('select a$b$, c$b$ from t', 'postgres', false)).toBe('select a$b$, c$b$ from t');
  });

  it('treats MySQL executable comments as code and 1--1 as arithmetic', () => {
    expect(sqlCode('select 1 /*!50000 into */', 'mysql', true)).toContain('into');
    expect(sqlCode('select 1--1 into', 'mysql', true)).toContain('into');
    expect(sqlCode('select 1 -- into', 'mysql', true)).not.toContain('into');
    expect(sqlCode('select 1 # into', 'mysql', true)).not.toContain('into');
  });
});

describe('refuseOutsideReach', () => {
  it.for([
    ["select * from t into outfile '/tmp/x'", 'mysql'],
    ['select 1 into @x', 'mysql'],
    ["select 1 into/**/dumpfile '/tmp/x'", 'mysql'],
    ["select 1 /*!into*/ outfile '/tmp/x'", 'mysql'],
    ["select load_file('/etc/passwd')", 'mysql'],
    ["select LOAD_FILE ('/etc/passwd')", 'mysql'],
    // without backslash escapes the first literal ends at \' and INTO is code
    ["select 'a\\' into outfile '/tmp/x' -- '", 'mysql'],
    ["select pg_read_file('/etc/passwd')", 'postgres'],
    ["select pg_catalog.pg_read_binary_file('/etc/passwd')", 'postgres'],
    ['select "pg_read_file"(\'/etc/passwd\')', 'postgres'],
    ["select * from pg_ls_dir('.')", 'postgres'],
    ["select lo_export(1, '/tmp/x')", 'postgres'],
    ["select set_config('statement_timeout', '0', false)", 'postgres'],
    ['select pg_terminate_backend(pid) from pg_stat_activity', 'postgres'],
    ["select x$y$, pg_read_file('/etc/passwd') as z$y$", 'postgres'],
  ] as const)('refuses %s (%s)', ([sql, dialect]) => {
    expect(refusal(sql, dialect)).toMatch(/is not allowed here/);
  });

  it.for([
    ["select 'into outfile' as words, note from t where note like '%load_file(%'", 'mysql'],
    ['select `into` from t', 'mysql'],
    ['select 1 -- into outfile', 'mysql'],
    ["select 'pg_read_file(' as text, $$ set_config( $$ as more", 'postgres'],
    ['select lower(name), log(2, 8), into_date from t', 'postgres'],
  ] as const)('lets %s (%s) through', ([sql, dialect]) => {
    expect(refusal(sql, dialect)).toBeNull();
  });

  it('names what it refuses', () => {
    expect(refusal("select 1 into outfile '/tmp/x'", 'mysql')).toBe(
      '"into" is not allowed here: SELECT … INTO writes files or variables.',
    );
    expect(refusal("select pg_read_file('/etc/passwd')", 'postgres')).toBe(
      '"pg_read_file" is not allowed here: functions that reach the server\'s files.',
    );
  });
});

describe('requireReadOnlyStatement with MySQL comment rules', () => {
  it('skips leading comments but reads an executable comment as the statement', () => {
    expect(() => requireReadOnlyStatement('# note\n/* note */ select 1', true)).not.toThrow();
    expect(() => requireReadOnlyStatement('/*!40101 set sql_mode = "" */ select 1', true)).toThrow(
      QueryError,
    );
    expect(() => requireReadOnlyStatement('/*M!100000 set @a = 1 */', true)).toThrow(QueryError);
    // PostgreSQL has no executable comments: the same text is a comment there.
    expect(() => requireReadOnlyStatement('/*! note */ select 1')).not.toThrow();
  });
});
