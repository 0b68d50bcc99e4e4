import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, readImportGraph } from './importGraph';

// The shared model (common/) is imported by the server and the web app alike, so it imports
// neither of them: every relative import stays inside common/, and it uses no React and no
// Node API (it runs in the browser and on the server).

const graph = readImportGraph(path.resolve(__dirname, '../../../common'));

describe('the shared model', () => {
  it('finds its files and imports nothing outside itself', () => {
    expect(graph.files.length).toBeGreaterThan(20);
    expect(graph.unresolved).toEqual([]);
  });

  it('uses neither React nor Node APIs', () => {
    const platform = graph.files.filter((file) =>
      /from ['"](react|react-dom|node:[\w/]+|fs|path)['"]/.test(graph.textOf(file)),
    );
    expect(platform).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });
});
