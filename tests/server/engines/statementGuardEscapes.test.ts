import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../server/engines/queryError';
import { decodeUnicodeName, sqlCode } from '../../../server/engines/sqlCode';
import {
  refuseOutsideReach,
  requireReadOnlyStatement,
} from '../../../server/engines/statementGuard';

// The escape corpus against the lexical layer: MySQL executable comments read with
// their closing, PostgreSQL unicode-escaped names decoded, SQL-from-text functions, variables.

function refusal(sql: string, dialect: 'mysql' | 'postgres'): string | null {
  try {
    requireReadOnlyStatement(sql, dialect === 'mysql');
    refuseOutsideReach(sql, dialect);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).statusCode).toBe(400);
    return (error as QueryError).message;
  }
}

describe('MySQL executable comments', () => {
  it.for(['/*!', '/*!50000', '/*!50000 ', '/*M!', '/*M!100000', '/*M!100000 '])(
    'blanks the opening %s and its closing, keeping what is between',
    (opening) => {
      const sql = `select ${opening}load_file*/('/etc/passwd')`;
      const code = sqlCode(sql, 'mysql', true);
      expect(code).toHaveLength(sql.length);
      expect(code).toMatch(/load_file\s*\(/);
      expect(code).not.toContain('*/');
    },
  );

  it('ends a normal comment at its own closing, after an executable one', () => {
    const code = sqlCode('select /*! y*/ x /* into */ from t', 'mysql', true);
    expect(code).not.toContain('into');
    expect(code).toMatch(/select\s+y\s+x\s+from t/);
  });
});

describe('PostgreSQL unicode-escaped names', () => {
  it('decodes \\XXXX, \\+XXXXXX and a doubled escape', () => {
    expect(decodeUnicodeName('pg_\\0072ead_file')).toBe('pg_read_file');
    expect(decodeUnicodeName('pg_\\+000072ead_file')).toBe('pg_read_file');
    expect(decodeUnicodeName('a\\\\b')).toBe('a\\b');
    expect(decodeUnicodeName('pg_!0072ead_file', '!')).toBe('pg_read_file');
  });

  it.for([
    'select U&"pg_\\0072ead_file"(\'/etc/passwd\')',
    'select u&"pg_\\+000072ead_file"(\'/etc/passwd\')',
    "select U&\"pg_!0072ead_file\" UESCAPE '!'('/etc/passwd')",
    "select U&\"pg_!0072ead_file\" /* c */ uescape /* d */ '!' ('/etc/passwd')",
    'select U&"\\006c\\006f_import"(\'/etc/passwd\')',
  ])('reads %s as the function it calls', (sql) => {
    expect(refusal(sql, 'postgres')).toMatch(/"(pg_read_file|lo_import)" is not allowed here/);
  });
});

describe('the escape corpus', () => {
  it.for([
    ["select /*!50000load_file*/('/etc/passwd')", 'mysql', /load_file/],
    ["select /*!load_file*/('/etc/passwd')", 'mysql', /load_file/],
    ["select /*M!load_file*/('/etc/passwd')", 'mysql', /load_file/],
    ["select /*M!100000load_file*/('/etc/passwd')", 'mysql', /load_file/],
    ["select 1 /*!50000into*/ outfile '/tmp/x'", 'mysql', /into/],
    ["select 1 /*!into dumpfile*/ '/tmp/x'", 'mysql', /into/],
    ['select @@global.secure_file_priv', 'mysql', /@@global\.secure_file_priv/],
    ['select @@session.sql_mode', 'mysql', /@@session/],
    ['select @@datadir', 'mysql', /@@datadir/],
    ['select @x := 1', 'mysql', /@x/],
    ['select @x', 'mysql', /@x/],
    ['select 1 /*!:=*/', 'mysql', /:=/],
    ['set @@global.max_connections = 1', 'mysql', /SET/],
    ['set @x = 1', 'mysql', /SET/],
    ['/*!50000 set @x = 1*/', 'mysql', /read-only statement/],
    ['select * from information_schema.global_variables', 'mysql', /global_variables/],
    ["show variables like 'datadir'", 'mysql', /show variables/],
    ['SHOW GLOBAL VARIABLES', 'mysql', /SHOW GLOBAL/],
    ['/* x */ show grants', 'mysql', /show grants/],
    ['show processlist', 'mysql', /show processlist/],
    [
      "select query_to_xml('select pg_read_file(''/etc/passwd'')', true, true, '')",
      'postgres',
      /query_to_xml/,
    ],
    [
      "select query_to_xml('select * from pg_ls_dir(''/'')', true, true, '')",
      'postgres',
      /query_to_xml/,
    ],
    [
      'select query_to_xml($q$select lo_import($$/etc/passwd$$)$q$, true, true, $$$$)',
      'postgres',
      /query_to_xml/,
    ],
    ["select query_to_xml_and_xmlschema('select 1', true, true, '')", 'postgres', /query_to_xml/],
    ["select query_to_xmlschema('select 1', true, true, '')", 'postgres', /query_to_xml/],
    ["select cursor_to_xml('c', 1, true, true, '')", 'postgres', /cursor_to_xml/],
    ["select database_to_xml(true, true, '')", 'postgres', /database_to_xml/],
    ["select schema_to_xml('public', true, true, '')", 'postgres', /schema_to_xml/],
    ["select ts_stat('select pg_read_file(''/etc/passwd'')::tsvector')", 'postgres', /ts_stat/],
    ["select * from dblink('dbname=x', 'select 1') as t(a int)", 'postgres', /dblink/],
    ["select lo_import('/etc/passwd')", 'postgres', /lo_import/],
    ["select lo_from_bytea(0, 'x')", 'postgres', /lo_from_bytea/],
    ['select lo_create(0)', 'postgres', /lo_create/],
    ["select set_config('statement_timeout', '0', false)", 'postgres', /set_config/],
    ['select pg_terminate_backend(1)', 'postgres', /pg_terminate_backend/],
    ['select pg_advisory_lock(1)', 'postgres', /pg_advisory_lock/],
    ["select pg_read_file/* split */('/etc/passwd')", 'postgres', /pg_read_file/],
    ['select pg_read_file\n--x\n($$/etc/passwd$$)', 'postgres', /pg_read_file/],
    ["prepare p as select pg_read_file('/etc/passwd')", 'postgres', /PREPARE/],
    ['execute p', 'postgres', /EXECUTE/],
    ['explain execute p', 'postgres', /execute/],
    ["do $$ begin perform pg_read_file('/etc/passwd'); end $$", 'postgres', /DO/],
  ] as const)('refuses %s (%s)', ([sql, dialect, named]) => {
    expect(refusal(sql, dialect)).toMatch(named);
  });

  it.for([
    ["select 'a@b.c' as mail, `x@y` from t where note = ':='", 'mysql'],
    ['select cast(x as char character set utf8mb4) from t', 'mysql'],
    ['select /*!50000 1 + */ 2', 'mysql'],
    ['show tables', 'mysql'],
    ['show full columns from known', 'mysql'],
    ['show create table known', 'mysql'],
    ['show index from known', 'mysql'],
    ["select 'query_to_xml(' as text, $$ lo_import( $$ as more", 'postgres'],
    ["select table_to_xml('known'::regclass, true, true, '')", 'postgres'],
    ['select "executed_at", lo, low(x) from t', 'postgres'],
    ["select xpath('/a', '<a/>'::xml)", 'postgres'],
  ] as const)('lets %s (%s) through', ([sql, dialect]) => {
    expect(refusal(sql, dialect)).toBeNull();
  });
});
