import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseQueryError } from '../../../server/engines/clickhouseErrors';
import {
  CLICKHOUSE_SETUP_MS,
  clickhouseRowsOf,
  createClickhouseDatabase,
  type ClickhouseDatabase,
} from '../clickhouseDatabases';
import { seedClickhouse } from '../enginesFixtures';
import {
  expectRefusedThenServes,
  startSqlSourceServer,
  type SqlSourceServer,
} from './sqlSourceServer';

// The ClickHouse escape corpus against the real server (Debian's 18.16) and a real database:
// table functions reached through quoted and escaped names, comments and line breaks, the
// server's system tables, settings clauses, a second statement, dictionaries. Each is a 400
// through the explorer and through a dataset a viewer charts; the source and the server still
// serve afterwards. What the guard lets through, readonly=1 stops at the server.

const CORPUS: [string, RegExp][] = [
  ["select * from url('http://127.0.0.1:18123/?query=select+1', CSV, 'a String')", /"url"/],
  ["select * from `u\\x72l`('http://127.0.0.1:18123/', CSV, 'a String')", /"url"/],
  ['select * from "remote"(\'127.0.0.1:19000\', system.one)', /"remote"/],
  ["select * from url/* a comment */('http://x/', CSV, 'a String')", /"url"/],
  ["select * from file\n('../../etc/passwd', CSV, 'a String')", /"file"/],
  ["select * from remoteSecure('127.0.0.1:19000', system.one, 'default', '')", /remoteSecure/],
  ["select * from input('a String')", /"input"/],
  ["select * from merge(system, '^proc')", /"merge"/],
  ["select * from jdbc('jdbc:x', 'db', 't')", /"jdbc"/],
  ["select dictGet('d', 'a', toUInt64(1))", /dictGet/],
  ["select 'it''s', * from url('http://x/', CSV, 'a String')", /"url"/],
  ["select 'a\\'', * from url('http://x/', CSV, 'a String')", /"url"/],
  ['select query from `system`.`processes`', /system\.processes/],
  ['select * from `s\\x79stem`.processes', /system\.processes/],
  ['select * from system . query_log', /system\.query_log/],
  ['select name, value from system.settings', /system\.settings/],
  ['select * from system.users', /system\.users/],
  ['select 1 settings readonly = 0', /settings/],
  ['select 1 /* no */ SETTINGS max_execution_time = 0', /settings/],
  ['select 1; set readonly = 0', /Only one statement/],
  ['select 1 -- a comment\n; kill query where 1', /Only one statement/],
  ['kill query where 1', /"KILL" is not allowed/],
  ['system shutdown', /"SYSTEM" is not allowed/],
  ['set readonly = 0', /"SET" is not allowed/],
  ["select 1 into outfile '/tmp/brandboard-clickhouse-escape.txt'", /"into"/],
  ['select 1 format Native', /"format"/],
  ['show processlist', /SHOW may list/],
  ['show tables from system', /system database/],
  // Past the guard (numbers is harmless, but a table function): refused by readonly=1.
  ['select * from numbers(10)', /readonly mode/],
];

describe('ClickHouse escape corpus (a source user whose queries run with readonly=1)', () => {
  let database: ClickhouseDatabase;
  let app: SqlSourceServer;
  let sourceId: number;

  beforeAll(async () => {
    database = await createClickhouseDatabase('brandboard_escape');
    await seedClickhouse(database.admin);
    app = await startSqlSourceServer();
    sourceId = await app.addSource('clickhouse', database.reader);
  }, CLICKHOUSE_SETUP_MS);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.for(CORPUS)('refuses %s through the explorer', async ([sql, named]) => {
    const answer = await app.runSql(sourceId, sql);
    await expectRefusedThenServes(app, sourceId, answer, named);
  });

  it.for([CORPUS[1], CORPUS[12], CORPUS[17], CORPUS[19], CORPUS.at(-1)!])(
    'refuses %s saved as a dataset a viewer charts',
    async ([sql, named]) => {
      const answer = await app.countAsViewer(sourceId, sql);
      await expectRefusedThenServes(app, sourceId, answer, named);
    },
  );

  it('left the data and the server as they were', async () => {
    expect(await clickhouseRowsOf(database.admin, 'select count() from known')).toEqual([['3']]);
    const readonly = await clickhouseRowsOf(
      database.admin,
      "select value from system.settings where name = 'readonly'",
    );
    expect(readonly).toEqual([['0']]);
  });

  it('shows no server path in an error', () => {
    const error = new Error(
      "Code: 107, e.displayText() = DB::Exception: File /var/lib/clickhouse/data/x/y.bin doesn't exist, e.what() = DB::Exception",
    );
    const sql = 'select 1';
    const message = clickhouseQueryError(error, {
      sent: sql,
      userSql: sql,
      userStartsAt: 0,
    }).message;
    expect(message).not.toContain('/var/lib/clickhouse');
    expect(message).toContain('[server path]');
  });
});
