import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../../server/db/connection';
import { SqliteReadCache } from '../../../server/db/readCache';
import { rowObjectBuilder } from '../../../server/db/rowObjects';
import type { Database } from '../../../server/db/schema';

// The SQLite metadata store keeps answers of reads until the data changes (db/readCache.ts):
// every way the data can change must show in the next read.

interface NoteRow {
  id: number;
  body: string;
}

let dataDir: string;
let db: Kysely<Database>;
const opened: Array<Kysely<Database>> = [];

function open(): Kysely<Database> {
  const connection = createDb({ dataDir, databaseUrl: '' });
  opened.push(connection);
  return connection;
}

async function notes(connection: Kysely<Database>): Promise<NoteRow[]> {
  const result = await sql<NoteRow>`select id, body from notes order by id`.execute(connection);
  return result.rows;
}

async function addNote(connection: Kysely<Database>, body: string): Promise<number> {
  const result = await sql<{
    id: number;
  }>`insert into notes (body) values (${body}) returning id`.execute(connection);
  return result.rows[0].id;
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'brandboard-readcache-'));
  db = open();
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  await addNote(db, 'first');
});

afterEach(async () => {
  for (const connection of opened.splice(0)) await connection.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('metadata read cache (SQLite)', () => {
  it('answers a repeated read with equal rows the caller may change freely', async () => {
    const first = await notes(db);
    first[0].body = 'changed by the caller';
    expect(await notes(db)).toEqual([{ id: 1, body: 'first' }]);
  });

  it('shows a write of the same connection in the next read', async () => {
    expect(await notes(db)).toHaveLength(1);
    await sql`update notes set body = 'edited' where id = 1`.execute(db);
    expect(await notes(db)).toEqual([{ id: 1, body: 'edited' }]);
  });

  it('runs INSERT … RETURNING every time', async () => {
    const ids = [await addNote(db, 'a'), await addNote(db, 'a')];
    expect(ids).toEqual([2, 3]);
    expect((await notes(db)).map((row) => row.body)).toEqual(['first', 'a', 'a']);
  });

  it('shows a commit of another connection of this process in the next read', async () => {
    const other = open();
    expect(await notes(db)).toHaveLength(1);
    await addNote(other, 'from elsewhere');
    expect((await notes(db)).map((row) => row.body)).toEqual(['first', 'from elsewhere']);
  });

  it('shows a commit of another process in the reads of a later turn', async () => {
    expect(await notes(db)).toHaveLength(1);
    const file = join(dataDir, 'brandboard.sqlite');
    const writer = `const SQLite = require('better-sqlite3');
      const file = new SQLite(${JSON.stringify(file)});
      file.prepare("insert into notes (body) values ('from a process')").run();
      file.close();`;
    execFileSync(process.execPath, ['-e', writer], { cwd: process.cwd() });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await notes(db)).map((row) => row.body)).toEqual(['first', 'from a process']);
  });

  it('forgets rows read inside a transaction that rolled back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await addNote(trx, 'uncommitted');
        expect(await notes(trx)).toHaveLength(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await notes(db)).toEqual([{ id: 1, body: 'first' }]);
  });
});

describe('row objects of reading statements', () => {
  it('names values by column, a later column of the same name winning, even __proto__', () => {
    expect(rowObjectBuilder(['id', 'body'])([1, 'a'])).toEqual({ id: 1, body: 'a' });
    expect(rowObjectBuilder(['id', 'id'])([1, 2])).toEqual({ id: 2 });
    expect(rowObjectBuilder(['a"b', 'c\\d'])([1, 2])).toEqual({ 'a"b': 1, 'c\\d': 2 });
    const odd = rowObjectBuilder(['__proto__', 'x'])([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.keys(odd)).toEqual(['__proto__', 'x']);
    expect((odd as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('SqliteReadCache bounds', () => {
  it('keeps at most its capacity of answers, forgetting the first statement cached', () => {
    const file = new SQLite(':memory:');
    const cache = new SqliteReadCache(file, 2);
    let reads = 0;
    const read = (sql: string, parameters: unknown[]) =>
      cache.read(sql, parameters, () => {
        reads++;
        return [[sql, ...parameters]];
      });
    read('a', [1]);
    read('a', [2]);
    read('a', [1]);
    expect(reads).toBe(2);
    read('b', [1]); // over capacity: statement "a" goes
    read('b', [1]);
    expect(reads).toBe(3);
    expect(read('a', [1])).toEqual([['a', 1]]);
    expect(reads).toBe(4);
    file.close();
  });

  it('reads afresh what it cannot key or keep: blobs and big integers', () => {
    const file = new SQLite(':memory:');
    const cache = new SqliteReadCache(file);
    let reads = 0;
    const blob = () =>
      cache.read('blob', [], () => {
        reads++;
        return [[Buffer.from('logo')]];
      });
    blob();
    blob();
    cache.read('big', [10n], () => [[++reads]]);
    cache.read('big', [10n], () => [[++reads]]);
    expect(reads).toBe(4);
    file.close();
  });
});
