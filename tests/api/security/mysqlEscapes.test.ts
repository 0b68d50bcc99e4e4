import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlConnectMessage } from '../../../server/engines/mysql/errors';
import { seedMaria } from '../enginesFixtures';
import {
  createMariaDatabase,
  MARIADB_SERVER,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';
import {
  expectRefusedThenServes,
  sourceConfig,
  startSqlSourceServer,
  type SqlSourceServer,
} from './sqlSourceServer';

// The MySQL (MariaDB) escape corpus against the real server and a real database:
// executable comments in every form, server and user variables, INTO OUTFILE/DUMPFILE. Each
// is a 400 through the explorer and through a dataset a viewer charts; the source and the
// server still serve afterwards. The source connects as a least-privilege user.

const OUTFILE = join(tmpdir(), `brandboard-mysql-escape-${process.pid}.txt`);

const CORPUS: [string, RegExp][] = [
  ["select /*!50000load_file*/('/etc/passwd')", /load_file/],
  ["select /*!load_file*/('/etc/passwd')", /load_file/],
  ["select /*M!load_file*/('/etc/passwd')", /load_file/],
  ["select /*M!100000load_file*/('/etc/passwd')", /load_file/],
  ["select /*!50000 load_file */ ('/etc/passwd')", /load_file/],
  ['select @@global.secure_file_priv', /@@global\.secure_file_priv/],
  ['select @@datadir', /@@datadir/],
  ['select @@session.sql_mode', /@@session\.sql_mode/],
  ['select /*!@@global.secure_file_priv*/', /@@global/],
  ['select @x := 1', /@x/],
  ['select 1 /*!50000 := */ 2', /:=/],
  ['set @@global.max_connections = 1', /SET/],
  ['set @x = 1', /SET/],
  ['/*!50000 set @@global.max_connections = 1*/', /read-only statement/],
  [`select * from known /*!50000 into outfile '${OUTFILE}' */`, /into/],
  [`select * from known /*!into dumpfile '${OUTFILE}'*/`, /into/],
  [`select * from known /*M!100000 into outfile '${OUTFILE}'*/`, /into/],
  [
    "select * from information_schema.global_variables where variable_name = 'datadir'",
    /global_variables/,
  ],
  ["show variables like 'datadir'", /show variables/],
  ['show grants', /show grants/],
];

describe('MySQL escape corpus (least-privilege source)', () => {
  let database: ExternalDatabase | SkippedDatabase;
  let app: SqlSourceServer;
  let sourceId: number;
  let maxConnections: number;

  const globalMaxConnections = async () => {
    const root = await mysql.createConnection(MARIADB_SERVER);
    try {
      const [rows] = await root.query('select @@global.max_connections as n');
      return Number((rows as { n: number }[])[0].n);
    } finally {
      await root.end();
    }
  };

  beforeAll(async () => {
    database = await createMariaDatabase('brandboard_escape');
    app = await startSqlSourceServer();
    if (database.skipped) return;
    await seedMaria(database.config);
    sourceId = await app.addSource('mysql', sourceConfig(database.reader));
    maxConnections = await globalMaxConnections();
  });
  afterAll(async () => {
    await app?.close();
    if (database && !database.skipped) await database.drop();
  });

  it.for(CORPUS)('refuses %s through the explorer', async ([sql, named], context) => {
    if (database.skipped) return context.skip();
    const answer = await app.runSql(sourceId, sql);
    expect(existsSync(OUTFILE)).toBe(false);
    await expectRefusedThenServes(app, sourceId, answer, named);
  });

  it.for(CORPUS.slice(0, 4).concat(CORPUS.slice(5, 6), CORPUS.slice(14, 15)))(
    'refuses %s saved as a dataset a viewer charts',
    async ([sql, named], context) => {
      if (database.skipped) return context.skip();
      const answer = await app.countAsViewer(sourceId, sql);
      await expectRefusedThenServes(app, sourceId, answer, named);
    },
  );

  it('left the server settings as they were', async (context) => {
    if (database.skipped) return context.skip();
    expect(await globalMaxConnections()).toBe(maxConnections);
  });

  it('the least-privilege user reads no file and sets no global, even with no guard', async (context) => {
    if (database.skipped) return context.skip();
    const reader = await mysql.createConnection(database.reader);
    try {
      const [rows] = await reader.query("select load_file('/etc/hostname') as content");
      expect((rows as { content: unknown }[])[0].content).toBeNull();
      await expect(reader.query('set @@global.max_connections = 1')).rejects.toThrow(
        /SUPER|Access denied/,
      );
      await expect(reader.query(`select 1 into outfile '${OUTFILE}'`)).rejects.toThrow(
        /Access denied/,
      );
      expect(existsSync(OUTFILE)).toBe(false);
    } finally {
      await reader.end();
    }
  });

  it('shows no server path in an error', async () => {
    // MariaDB's own errors here name no path (secure_file_priv refuses first); the driver's
    // may: a socket that is not there.
    const error = await mysql
      .createConnection({ socketPath: '/nonexistent-brandboard/mysqld.sock' })
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain('/nonexistent-brandboard');
    const message = mysqlConnectMessage(error, {
      host: 'db.example',
      port: 3306,
      database: 'x',
      user: 'u',
    });
    expect(message).not.toContain('/nonexistent-brandboard');
    expect(message).toContain('[server path]');
  });
});
