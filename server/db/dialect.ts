import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Small helpers so one migration runs on both SQLite and PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-increment integer primary key `id` (serial on PostgreSQL). */
export function withId<T extends string>(
  db: AnyDb,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Column type for binary data: bytea on PostgreSQL, blob on SQLite. */
export function binaryType(db: AnyDb): 'bytea' | 'blob' {
  return isPostgres(db) ? 'bytea' : 'blob';
}
