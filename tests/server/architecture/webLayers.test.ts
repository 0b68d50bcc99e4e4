import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, readImportGraph, upwardImports } from './importGraph';

// The web app's layers: imports only go downwards, the shared model (common/) and the SDK's
// embed protocol <- ui <- resources, pages <- app (main.tsx on top), and no file reaches itself
// through its imports.

const EMBED_PROTOCOL = '../sdk/src/messages.ts';

const graph = readImportGraph(
  path.resolve(__dirname, '../../../src'),
  (target) => target.startsWith('../common/') || target === EMBED_PROTOCOL,
);

const LAYER_RANK: Record<string, number> = { ui: 1, resources: 2, pages: 2, app: 3 };

function rankOf(file: string): number {
  if (file.startsWith('../common/') || file === EMBED_PROTOCOL) return 0;
  const top = file.split('/')[0];
  if (top in LAYER_RANK) return LAYER_RANK[top];
  return file.includes('/') ? -1 : 4; // main.tsx and other root files sit on top
}

describe('web app layers', () => {
  it('finds the source files and resolves every relative import', () => {
    expect(graph.files.length).toBeGreaterThan(100);
    expect(graph.files.filter((file) => rankOf(file) < 0)).toEqual([]);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no import that runs up a layer', () => {
    expect(upwardImports(graph, rankOf)).toEqual([]);
  });

  it('has no import between public pages and protected sections', () => {
    const across = graph.files.flatMap((file) => {
      const top = file.split('/')[0];
      if (top !== 'pages' && top !== 'resources') return [];
      return (graph.importsOf.get(file) ?? [])
        .filter((target) => ['pages', 'resources'].includes(target.split('/')[0]))
        .filter((target) => target.split('/')[0] !== top)
        .map((target) => `${file} -> ${target}`);
    });
    expect(across).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });
});
