import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, readImportGraph, upwardImports } from './importGraph';

// The server's layers, as the README draws them: the configuration and the errors at the
// bottom, then the metadata store, HTTP helpers and connectors; the query engine, mail and the job queues above them; the
// cross-cutting plugins; the features; first-start content; app.ts and main.ts on top. The
// shared model (common/) sits below all of them, and nothing of the web app (src/) is imported.

const graph = readImportGraph(path.resolve(__dirname, '../../../server'), (target) =>
  target.startsWith('../common/'),
);

const LAYER_RANK: Record<string, number> = {
  '../common': 0,
  db: 1,
  http: 1,
  engines: 1,
  query: 2,
  mail: 2,
  jobs: 2,
  plugins: 3,
  features: 4,
  seed: 5,
};

function rankOf(file: string): number {
  if (file.startsWith('../common/')) return 0;
  const top = file.split('/')[0];
  if (top in LAYER_RANK) return LAYER_RANK[top];
  // Below everything that throws, and everything configured.
  if (file === 'errors.ts' || file === 'config.ts') return 0.5;
  return file.includes('/') ? -1 : 6; // app.ts and main.ts
}

describe('server layers', () => {
  it('finds the source files and resolves every relative import', () => {
    expect(graph.files.length).toBeGreaterThan(100);
    expect(graph.files.filter((file) => rankOf(file) < 0)).toEqual([]);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no import that runs up a layer', () => {
    expect(upwardImports(graph, rankOf)).toEqual([]);
  });

  it('reads the environment in a leaf that imports nothing of the server', () => {
    expect(graph.importsOf.get('config.ts')).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });
});
