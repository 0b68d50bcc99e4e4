import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_TYPES } from '../../../common/analytics';
import { ENGINES } from '../../../server/engines/registry';
import { readImportGraph } from './importGraph';

// One folder per source type: server/engines/<type>/ holds its driver, connector, dialect,
// errors and user check, and registry.ts lists each type's engine.ts. No other file of the
// server loads a type's driver (type-only imports load nothing), so a type is added or
// changed in its folder alone; the metadata store (db/) loads pg and better-sqlite3 for itself.

const root = path.resolve(__dirname, '../../../server');
const graph = readImportGraph(root, (target) => target.startsWith('../common/'));

const DRIVERS: Record<string, (typeof SOURCE_TYPES)[number]> = {
  '@duckdb/node-api': 'duckdb',
  pg: 'postgres',
  mysql2: 'mysql',
  'better-sqlite3': 'sqlite',
  '@clickhouse/client': 'clickhouse',
};
const METADATA_STORE_DRIVERS = ['pg', 'better-sqlite3'];

const valueImport =
  /\b(?:import|export)\s+(?!type\b)(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"./][^'"]*)['"]|\bimport\s*\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g;

/** The package a specifier names (`mysql2/promise` -> `mysql2`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function driversLoadedBy(file: string): string[] {
  return [...graph.textOf(file).matchAll(valueImport)]
    .map(([, fromClause, dynamic]) => packageOf(fromClause ?? dynamic))
    .filter((name) => name in DRIVERS);
}

describe('source engines', () => {
  it('has a folder with an engine.ts for every source type, listed in the registry', () => {
    const missing = SOURCE_TYPES.filter(
      (type) => !existsSync(path.join(root, 'engines', type, 'engine.ts')),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(ENGINES).sort()).toEqual([...SOURCE_TYPES].sort());
    expect(graph.importsOf.get('engines/registry.ts')?.sort()).toEqual(
      [
        ...SOURCE_TYPES.map((type) => `engines/${type}/engine.ts`),
        '../common/analytics.ts',
        'engines/engineSpec.ts',
      ].sort(),
    );
  });

  it('opens engines only through the registry', () => {
    const outside = graph.files.flatMap((file) =>
      (graph.importsOf.get(file) ?? [])
        .filter((target) => /^engines\/[^/]+\/engine\.ts$/.test(target))
        .filter(() => file !== 'engines/registry.ts')
        .map((target) => `${file} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it('loads a driver only in its source type folder (and the metadata store)', () => {
    const strays = graph.files.flatMap((file) =>
      driversLoadedBy(file)
        .filter((driver) => !file.startsWith(`engines/${DRIVERS[driver]}/`))
        .filter((driver) => !(file.startsWith('db/') && METADATA_STORE_DRIVERS.includes(driver)))
        .map((driver) => `${file} loads ${driver}`),
    );
    expect(strays).toEqual([]);
  });

  it('reads driver imports as they are written', () => {
    expect(driversLoadedBy('engines/postgres/connector.ts')).toContain('pg');
    expect(driversLoadedBy('engines/mysql/connector.ts')).toContain('mysql2');
    expect(driversLoadedBy('engines/clickhouse/warehouseUsers.ts')).toContain('@clickhouse/client');
    expect(driversLoadedBy('engines/duckdb/connector.ts')).toContain('@duckdb/node-api');
    expect(driversLoadedBy('engines/clickhouse/warehouse.ts')).toEqual([]); // `import type` only
  });
});
