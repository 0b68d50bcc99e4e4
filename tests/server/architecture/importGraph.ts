import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The relative imports of a source tree, read with a regex walk: which files each file
// imports (type-only imports included) and which it imports for their values (what runs
// when it is loaded). Shared by the layer tests of the web app and of the server.

export interface ImportGraph {
  /** Paths relative to the tree's root, with forward slashes. */
  files: string[];
  importsOf: Map<string, string[]>;
  valueImportsOf: Map<string, string[]>;
  /** `file -> specifier` for relative imports that name no file of the tree or outside it. */
  unresolved: string[];
  /** The text of each file, for rules that read more than imports. */
  textOf: (file: string) => string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

// `import … from`, `export … from`, side-effect imports and `import()`; `import type` and
// `export type` are erased when compiled, so they count for layers but not for cycles.
const staticPattern =
  /\b(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g;
const dynamicPattern = /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]*|\.{1,2})['"]\s*\)/g;

const ENDINGS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * `outside` lists files beyond the root an import may reach (as paths relative to the root,
 * e.g. `../common/types.ts`); they join the graph as targets only.
 */
export function readImportGraph(
  root: string,
  outside: (target: string) => boolean = () => false,
): ImportGraph {
  const toRelative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const files = sourceFiles(root).map(toRelative);
  const known = new Set(files);
  const texts = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    return ENDINGS.map((ending) => base + ending).find((candidate) =>
      candidate.startsWith('../')
        ? outside(candidate) &&
          statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile()
        : known.has(candidate),
    );
  };
  const importsOf = new Map<string, string[]>();
  const valueImportsOf = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const text = texts.get(file)!;
    const found = [
      ...[...text.matchAll(staticPattern)].map(([, typeOnly, specifier]) => ({
        typeOnly,
        specifier,
      })),
      ...[...text.matchAll(dynamicPattern)].map(([, specifier]) => ({ typeOnly: '', specifier })),
    ];
    const targets = new Set<string>();
    const valueTargets = new Set<string>();
    for (const { typeOnly, specifier } of found) {
      const target = resolve(file, specifier);
      if (!target) {
        unresolved.push(`${file} -> ${specifier}`);
        continue;
      }
      targets.add(target);
      if (!typeOnly) valueTargets.add(target);
    }
    importsOf.set(file, [...targets]);
    valueImportsOf.set(file, [...valueTargets]);
  }
  return { files, importsOf, valueImportsOf, unresolved, textOf: (file) => texts.get(file) ?? '' };
}

/** `file -> target` for every import whose target ranks above the importing file. */
export function upwardImports(graph: ImportGraph, rankOf: (file: string) => number): string[] {
  return graph.files.flatMap((file) =>
    (graph.importsOf.get(file) ?? [])
      .filter((target) => rankOf(target) > rankOf(file))
      .map((target) => `${file} -> ${target}`),
  );
}

/**
 * Strongly connected components of the value imports (Tarjan): more than one file, or a file
 * importing itself.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const { files, valueImportsOf } = graph;
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of valueImportsOf.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || valueImportsOf.get(file)?.includes(file))
      cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
