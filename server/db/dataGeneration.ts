import type { Kysely } from 'kysely';

// Whether the metadata store's data may have changed since an earlier reading, for caches of
// whole answers. Only a store that can tell has one: SQLite (its read cache sees every write
// of this process and, through PRAGMA data_version, every commit of another). PostgreSQL
// cannot tell without asking the server, so nothing is cached on top of it.

const generations = new WeakMap<object, () => number>();

export function attachDataGeneration<DB>(db: Kysely<DB>, generation: () => number): void {
  generations.set(db, generation);
}

/** Reads a number that changes whenever the data may have; undefined when the store cannot tell. */
export function dataGenerationOf<DB>(db: Kysely<DB>): (() => number) | undefined {
  return generations.get(db);
}
