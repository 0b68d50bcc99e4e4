import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresQueryError } from '../../../server/engines/postgres/errors';
import { seedPostgres } from '../enginesFixtures';
import {
  createPostgresDatabase,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';
import {
  expectRefusedThenServes,
  expectStillServes,
  sourceConfig,
  startSqlSourceServer,
  type SqlSourceServer,
} from './sqlSourceServer';

// The PostgreSQL escape corpus against the real server and a real database: each
// attempt is a 400 through the explorer route and through a saved dataset a viewer charts,
// and the source and the server still serve afterwards. The source connects as a
// least-privilege user, as a deployment should; the privileged cases are in
// sourcePrivileges.test.ts.

const CORPUS: [string, RegExp][] = [
  ["select query_to_xml('select pg_read_file(''/etc/passwd'')', true, true, '')", /query_to_xml/],
  ["select query_to_xml('select * from pg_ls_dir(''/'')', true, true, '')", /query_to_xml/],
  ["select query_to_xml('select lo_import(''/etc/passwd'')', true, true, '')", /query_to_xml/],
  [
    "select query_to_xml('select set_config(''statement_timeout'', ''0'', false)', true, true, '')",
    /query_to_xml/,
  ],
  [
    "select query_to_xml('select pg_terminate_backend(pid) from pg_stat_activity', true, true, '')",
    /query_to_xml/,
  ],
  [
    'select query_to_xml($q$select pg_read_file($$/etc/passwd$$)$q$, true, true, $$$$)',
    /query_to_xml/,
  ],
  ["select query_to_xml_and_xmlschema('select 1', true, true, '')", /query_to_xml_and_xmlschema/],
  ["select cursor_to_xml('c', 1, true, true, '')", /cursor_to_xml/],
  ["select database_to_xml(true, true, '')", /database_to_xml/],
  ["select ts_stat('select to_tsvector(pg_read_file(''/etc/passwd''))')", /ts_stat/],
  ["select pg_read_file('/etc/passwd')", /pg_read_file/],
  ["select * from pg_ls_dir('/')", /pg_ls_dir/],
  ["select lo_import('/etc/passwd')", /lo_import/],
  ["select lo_get(lo_from_bytea(0, 'x'))", /lo_get|lo_from_bytea/],
  ["select set_config('statement_timeout', '0', false)", /set_config/],
  ['select pg_terminate_backend(pid) from pg_stat_activity', /pg_terminate_backend/],
  ['select U&"pg_\\0072ead_file"(\'/etc/passwd\')', /pg_read_file/],
  ["select U&\"pg_!0072ead_file\" UESCAPE '!'('/etc/passwd')", /pg_read_file/],
  ['select "pg_read_file"($$/etc/passwd$$)', /pg_read_file/],
  ['select pg_read_file/* split */($x$/etc/passwd$x$)', /pg_read_file/],
  ['select pg_catalog . pg_read_file\n-- split\n($$/etc/passwd$$)', /pg_read_file/],
  ["prepare p as select pg_read_file('/etc/passwd')", /PREPARE/],
  ['explain execute p', /execute/],
  ["do $$ begin perform pg_read_file('/etc/passwd'); end $$", /DO/],
  ["select * from dblink('dbname=postgres', 'select 1') as t(a int)", /dblink/],
  ['select 1; select pg_read_file(1)', /Only one statement|pg_read_file/],
];

describe('PostgreSQL escape corpus (least-privilege source)', () => {
  let database: ExternalDatabase | SkippedDatabase;
  let app: SqlSourceServer;
  let sourceId: number;

  beforeAll(async () => {
    database = await createPostgresDatabase('brandboard_escape');
    app = await startSqlSourceServer({ QUERY_TIMEOUT_SECONDS: '2' });
    if (database.skipped) return;
    await seedPostgres(database.config);
    sourceId = await app.addSource('postgres', sourceConfig(database.reader));
  });
  afterAll(async () => {
    await app?.close();
    if (database && !database.skipped) await database.drop();
  });

  it.for(CORPUS)('refuses %s through the explorer', async ([sql, named], context) => {
    if (database.skipped) return context.skip();
    const answer = await app.runSql(sourceId, sql);
    await expectRefusedThenServes(app, sourceId, answer, named);
  });

  it.for(CORPUS.slice(0, 3).concat(CORPUS.slice(16, 18)))(
    'refuses %s saved as a dataset a viewer charts',
    async ([sql, named], context) => {
      if (database.skipped) return context.skip();
      const answer = await app.countAsViewer(sourceId, sql);
      await expectRefusedThenServes(app, sourceId, answer, named);
    },
  );

  it('killed no other session: a session open before the corpus still answers', async (context) => {
    if (database.skipped) return context.skip();
    const bystander = new pg.Client(database.config);
    await bystander.connect();
    try {
      const attempt = await app.runSql(
        sourceId,
        `select pg_terminate_backend(${(bystander as unknown as { processID: number }).processID})`,
      );
      expect(attempt.status).toBe(400);
      expect((await bystander.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await bystander.end();
    }
  });

  it('stops a statement past QUERY_TIMEOUT_SECONDS (statement_timeout)', async (context) => {
    if (database.skipped) return context.skip();
    const answer = await app.runSql(sourceId, 'select pg_sleep(10)');
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/longer than the 2000 ms limit/);
    await expectStillServes(app, sourceId);
  });

  it('runs in a read-only transaction: a writing CTE and nextval fail', async (context) => {
    if (database.skipped) return context.skip();
    for (const sql of [
      'with x as (delete from known returning *) select * from x',
      "select nextval('known_seq')",
    ]) {
      const answer = await app.runSql(sourceId, sql);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toMatch(/read-only transaction/);
    }
    await expectStillServes(app, sourceId);
  });

  it('the least-privilege user cannot lo_import even in a transaction of its own', async (context) => {
    if (database.skipped) return context.skip();
    // PostgreSQL 15 runs lo_import inside BEGIN READ ONLY for a superuser (below): the user's
    // privileges, not the read-only transaction, are what keep the server's files away.
    const reader = new pg.Client(database.reader);
    const superuser = new pg.Client(database.config);
    await Promise.all([reader.connect(), superuser.connect()]);
    try {
      await reader.query('begin read only');
      await expect(reader.query("select lo_import('/etc/hostname')")).rejects.toThrow(
        /permission denied for function lo_import/,
      );
      await reader.query('rollback');
      await superuser.query('begin read only');
      const imported = await superuser.query("select lo_import('/etc/hostname') as oid");
      expect(Number(imported.rows[0].oid)).toBeGreaterThan(0);
      await superuser.query('rollback');
    } finally {
      await Promise.all([reader.end(), superuser.end()]);
    }
  });

  it('shows no server path in an error', async (context) => {
    if (database.skipped) return context.skip();
    const superuser = new pg.Client(database.config);
    await superuser.connect();
    try {
      const error = await superuser
        .query("select pg_read_file('/var/lib/postgresql/brandboard-no-such-file')")
        .catch((e: unknown) => e);
      expect(String((error as Error).message)).toContain('/var/lib/postgresql');
      const answer = postgresQueryError(error, 'select 1');
      expect(answer.statusCode).toBe(400);
      expect(answer.message).not.toMatch(/\/var\/lib|brandboard-no-such-file/);
      expect(answer.message).toMatch(/could not open file "\[server path\]"/);
    } finally {
      await superuser.end();
    }
  });
});
