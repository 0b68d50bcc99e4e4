import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { createDb } from '../../server/db/connection';
import type { Database } from '../../server/db/schema';
import { adminQuery, type Backend } from './harness';

// Fresh, unmigrated metadata stores for migration tests: a temporary SQLite file, or a
// database of its own on the PostgreSQL server. Each is removed after its test.

export function emptyStores(backend: Backend): () => Promise<Kysely<Database>> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async function openStore() {
    const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-migration-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      const name = `brandboard_migration_${randomBytes(6).toString('hex')}`;
      await adminQuery(`CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    }
    const db = createDb({ dataDir, databaseUrl });
    cleanups.push(() => db.destroy());
    return db;
  };
}
