import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReadCache } from '../../../server/db/readCache';
import { withStatementCache } from '../../../server/db/statementCache';

// Prepared statements of the SQLite store kept by SQL text, least recently used out past the
// capacity, all forgotten on a schema change: on a real in-memory database.

describe('withStatementCache', () => {
  const files: Database.Database[] = [];
  afterEach(() => files.splice(0).forEach((file) => file.close()));

  function database(capacity: number) {
    const file = new Database(':memory:');
    files.push(file);
    file.exec('create table t (n integer); insert into t values (1), (2)');
    return withStatementCache(file, new SqliteReadCache(file), capacity);
  }

  const A = 'select n from t where n = ?';
  const B = 'select count(*) as c from t';
  const C = 'select max(n) as m from t';

  it('answers the same statement for the same SQL', () => {
    const db = database(2);
    const first = db.prepare(A);
    expect(db.prepare(A)).toBe(first);
    expect(first.all([2])).toEqual([{ n: 2 }]);
  });

  it('forgets the least recently used statement past its capacity', () => {
    const db = database(2);
    const [a, b] = [db.prepare(A), db.prepare(B)];
    expect(db.prepare(A)).toBe(a); // A is now the most recently used
    db.prepare(C);
    expect(db.prepare(A)).toBe(a);
    expect(db.prepare(B)).not.toBe(b);
  });

  it('forgets every statement on a schema change', () => {
    const db = database(10);
    const a = db.prepare(A);
    db.prepare('create table u (x text)').run([]);
    expect(db.prepare(A)).not.toBe(a);
  });
});
