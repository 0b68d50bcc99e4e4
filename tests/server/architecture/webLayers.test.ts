import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app's layers: imports only go downwards, model <- ui <- resources, pages <- app
// (main.tsx on top), and no file reaches itself through its imports.

const srcDir = path.resolve(__dirname, '../../../src');

const LAYER_RANK: Record<string, number> = { model: 0, ui: 1, resources: 2, pages: 2, app: 3 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');

const files = sourceFiles(srcDir).map(relative);
const known = new Set(files);

// `import … from`, `export … from`, side-effect imports and `import()`; `import type` and
// `export type` are erased when compiled, so they count for layers but not for cycles.
const staticPattern =
  /\b(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g;
const dynamicPattern = /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]*|\.{1,2})['"]\s*\)/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  return candidates.find((candidate) => known.has(candidate));
}

/** every imported file, and those imported for their values (what runs when loaded) */
const importsOf = new Map<string, string[]>();
const valueImportsOf = new Map<string, string[]>();
const unresolved: string[] = [];
for (const file of files) {
  const text = readFileSync(path.join(srcDir, file), 'utf8');
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
    const target = resolveImport(file, specifier);
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

function rankOf(file: string): number {
  const top = file.split('/')[0];
  if (top in LAYER_RANK) return LAYER_RANK[top];
  return file.includes('/') ? -1 : 4; // main.tsx and other root files sit on top
}

/**
 * Strongly connected components of the value imports: more than one file, or a file importing
 * itself.
 */
function importCycles(): string[][] {
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

describe('web app layers', () => {
  it('finds the source files and resolves every relative import', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => rankOf(file) < 0)).toEqual([]);
    expect(unresolved).toEqual([]);
  });

  it('has no import that runs up a layer', () => {
    const upward = files.flatMap((file) =>
      (importsOf.get(file) ?? [])
        .filter((target) => rankOf(target) > rankOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import between public pages and protected sections', () => {
    const across = files.flatMap((file) => {
      const top = file.split('/')[0];
      if (top !== 'pages' && top !== 'resources') return [];
      return (importsOf.get(file) ?? [])
        .filter((target) => ['pages', 'resources'].includes(target.split('/')[0]))
        .filter((target) => target.split('/')[0] !== top)
        .map((target) => `${file} -> ${target}`);
    });
    expect(across).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles()).toEqual([]);
  });
});
