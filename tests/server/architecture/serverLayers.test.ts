import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, readImportGraph, upwardImports, type ImportGraph } from './importGraph';

// The server's layers, as the README draws them: the configuration and the errors at the
// bottom, then the metadata store, HTTP helpers and connectors; the query engine, mail and the
// job queues above them; the cross-cutting plugins; the services the feature areas share; the
// features; first-start content; app.ts and main.ts on top. The shared model (common/) sits
// below all of them, and nothing of the web app (src/) is imported.
//
// Among the features, each folder of server/features is an area. An area uses another only
// through that area's repository (repository.ts, *Repository.ts) or service (*Service.ts)
// files, never its routes or the rest of its module, and no areas use each other in a circle,
// type imports included: what two areas both need moves down, into the repository of the area
// owning the table, into server/services/ or into server/db/.

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
  services: 3.5,
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

/** The area of a file of server/features (its folder there), else null. */
function areaOf(file: string): string | null {
  const match = /^features\/([^/]+)\//.exec(file);
  return match ? match[1] : null;
}

/** What an area offers other areas: its repositories and its services. */
const isAreaSurface = (file: string) => /\/(?:repository|\w+Repository|\w+Service)\.ts$/.test(file);

/** `from -> to` for each area that imports another (type imports included), with the files. */
function areaImports(importGraph: ImportGraph): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of importGraph.files) {
    const from = areaOf(file);
    if (!from) continue;
    for (const target of importGraph.importsOf.get(file) ?? []) {
      const to = areaOf(target);
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), `${file} -> ${target}`]);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** The areas that reach themselves again through other areas, each circle once. */
function areaCycles(edges: Map<string, Map<string, string[]>>): string[][] {
  const areaGraph: ImportGraph = {
    files: [...new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])])],
    importsOf: new Map([...edges].map(([from, targets]) => [from, [...targets.keys()]])),
    valueImportsOf: new Map([...edges].map(([from, targets]) => [from, [...targets.keys()]])),
    unresolved: [],
    textOf: () => '',
  };
  return importCycles(areaGraph);
}

describe('feature areas', () => {
  const edges = areaImports(graph);

  it('finds the areas and the imports between them', () => {
    expect(new Set(graph.files.map(areaOf)).size).toBeGreaterThan(20);
    expect(edges.size).toBeGreaterThan(5);
    expect(isAreaSurface('features/plans/planLimitsService.ts')).toBe(true);
    expect(isAreaSurface('features/users/repository.ts')).toBe(true);
    expect(isAreaSurface('features/users/routes.ts')).toBe(false);
  });

  it('finds a circle of areas', () => {
    const circle = new Map([
      ['a', new Map([['b', ['a/x.ts -> b/y.ts']]])],
      ['b', new Map([['c', ['b/y.ts -> c/z.ts']]])],
      ['c', new Map([['a', ['c/z.ts -> a/x.ts']]])],
    ]);
    expect(areaCycles(circle)).toEqual([['a', 'b', 'c']]);
  });

  it('use one another only through repositories and services', () => {
    const throughOther = [...edges.values()]
      .flatMap((targets) => [...targets.values()].flat())
      .filter((edge) => !isAreaSurface(edge.split(' -> ')[1]));
    expect(throughOther).toEqual([]);
  });

  it('import one another in no circle, type imports included', () => {
    const circles = areaCycles(edges).map((areas) =>
      areas.flatMap((from) => areas.flatMap((to) => edges.get(from)?.get(to) ?? [])),
    );
    expect(circles).toEqual([]);
  });
});
