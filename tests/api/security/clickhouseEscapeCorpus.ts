import { it } from 'vitest';
import { expectRefusedThenServes, type SqlSourceServer } from './sqlSourceServer';

// The ClickHouse escape corpus, shared by a ClickHouse source (clickhouseEscapes.test.ts) and
// the tenants' warehouses on ClickHouse (clickhouseWarehouseEscapes.test.ts): table functions
// reached through quoted and escaped names, comments and line breaks, the server's system
// tables, settings clauses, a second statement, dictionaries. Each is a 400 through the
// explorer and through a dataset a viewer charts; the source and the server still serve
// afterwards. What the guard lets through, readonly=1 stops at the server.

export const CLICKHOUSE_ESCAPES: [string, RegExp][] = [
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

/** Registers the corpus's tests over the source `target()` answers (set in a beforeAll). */
export function itRefusesClickhouseEscapes(
  target: () => { app: SqlSourceServer; sourceId: number },
): void {
  const CORPUS = CLICKHOUSE_ESCAPES;
  it.for(CORPUS)('refuses %s through the explorer', async ([sql, named]) => {
    const answer = await target().app.runSql(target().sourceId, sql);
    await expectRefusedThenServes(target().app, target().sourceId, answer, named);
  });

  it.for([CORPUS[1], CORPUS[12], CORPUS[17], CORPUS[19], CORPUS.at(-1)!])(
    'refuses %s saved as a dataset a viewer charts',
    async ([sql, named]) => {
      const answer = await target().app.countAsViewer(target().sourceId, sql);
      await expectRefusedThenServes(target().app, target().sourceId, answer, named);
    },
  );
}
