import type { Database as SqliteFile, Statement } from 'better-sqlite3';

/** A row as better-sqlite3's raw mode reads it: values in column order. */
type RawRow = unknown[];

/** Writes made through any connection of this process (a second connection may share the file). */
let writesInProcess = 0;

/** Distinct (SQL, parameters) answers kept; each at most MAX_CACHED_ROWS rows. */
const DEFAULT_READ_CACHE_SIZE = 1000;
const MAX_CACHED_ROWS = 500;

/**
 * Answers of reading statements, kept until the database changes. Reading a page of rows
 * through better-sqlite3 costs tens of microseconds (each value crosses into V8), more than
 * the rest of a list call. Correct across processes: any statement of this process that is
 * not a plain read (a write, BEGIN, COMMIT, ROLLBACK, a schema change) empties the caches,
 * and `PRAGMA data_version` tells when another process has committed. Reads inside a
 * transaction are never cached (they may see uncommitted rows).
 */
export class SqliteReadCache {
  /**
   * Answers by SQL text, then by parameters. The outer key is the prepared statement's own
   * string, the same instance on every call, so V8 does not hash the long SQL text again.
   */
  private readonly answers = new Map<string, Map<string, RawRow[]>>();
  private size = 0;
  private checkedThisTurn = false;
  private seenWritesInProcess = writesInProcess;
  private readonly dataVersion: Statement<[], number>;
  private seenVersion: number;
  /** Counts the times the cache was emptied: equal readings mean the data is unchanged. */
  private emptied = 0;

  constructor(
    private readonly file: SqliteFile,
    private readonly capacity = DEFAULT_READ_CACHE_SIZE,
  ) {
    this.dataVersion = file.prepare<[], number>('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get() as number;
  }

  /** This connection is about to change (or has changed) the data: every cache forgets. */
  noteWrite(): void {
    writesInProcess++;
    this.invalidate();
  }

  private invalidate(): void {
    this.answers.clear();
    this.size = 0;
    this.emptied++;
  }

  /**
   * A number that changes whenever the data may have changed (the moments this cache
   * empties), for caches built on top of reads; NaN, equal to nothing, inside a transaction.
   */
  generation(): number {
    if (this.file.inTransaction) return NaN;
    this.forgetIfChangedElsewhere();
    return this.emptied;
  }

  /**
   * The rows of `sql` with `parameters`: from the cache while nothing changed, else `read()`.
   * Callers must not change the arrays they get (they build their own row objects from them).
   */
  read(sql: string, parameters: readonly unknown[], read: () => RawRow[]): RawRow[] {
    if (this.file.inTransaction) return read();
    const key = parametersKey(parameters);
    if (key === null) return read();
    this.forgetIfChangedElsewhere();
    const ofStatement = this.answers.get(sql);
    const cached = ofStatement?.get(key);
    if (cached) return cached;
    const rows = read();
    if (rows.length <= MAX_CACHED_ROWS && rows.every(holdsOnlyScalars)) this.keep(sql, key, rows);
    return rows;
  }

  private keep(sql: string, key: string, rows: RawRow[]): void {
    let ofStatement = this.answers.get(sql);
    if (!ofStatement) {
      ofStatement = new Map();
      this.answers.set(sql, ofStatement);
    }
    ofStatement.set(key, rows);
    this.size++;
    if (this.size > this.capacity) {
      // Forget the statement cached first, with all its answers.
      const [oldest, answers] = this.answers.entries().next().value as [
        string,
        Map<string, RawRow[]>,
      ];
      this.answers.delete(oldest);
      this.size -= answers.size;
    }
  }

  /**
   * Forgets what another connection of this process has changed, and asks SQLite whether
   * another process committed, once per turn of the event loop: the question costs
   * microseconds, and within one turn this process cannot have learnt of another process's
   * commit (any news of it, a request or a reply, arrives in a later turn), so one answer
   * serves every read of the turn.
   */
  private forgetIfChangedElsewhere(): void {
    if (this.seenWritesInProcess !== writesInProcess) {
      this.seenWritesInProcess = writesInProcess;
      this.invalidate();
    }
    if (this.checkedThisTurn) return;
    this.checkedThisTurn = true;
    setImmediate(this.newTurn);
    const version = this.dataVersion.get() as number;
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.invalidate();
    }
  }

  private readonly newTurn = () => {
    this.checkedThisTurn = false;
  };
}

function isScalar(value: unknown): boolean {
  const type = typeof value;
  return value === null || type === 'string' || type === 'number' || type === 'boolean';
}

/** Blobs (logos) and big integers are read afresh: large, or not JSON-keyable. */
function holdsOnlyScalars(row: RawRow): boolean {
  return row.every(isScalar);
}

function parametersKey(parameters: readonly unknown[]): string | null {
  if (!parameters.every(isScalar)) return null;
  return JSON.stringify(parameters);
}
