import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every package the code imports is declared in package.json, so that an install from it (and
// not whatever a neighbour package happened to pull in) is what runs. Imports are read by
// TypeScript's own pre-processor: static, type-only, side-effect and dynamic ones.

const ROOT = path.resolve(__dirname, '../../..');
const TREES = ['src', 'server', 'common', 'sdk/src', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.devDependencies),
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `lodash/fp` -> lodash, `@mui/material/styles` -> @mui/material; undefined when relative. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);
}

/** A package counts as declared under its own name or, for its types, as @types/name. */
function isDeclared(name: string): boolean {
  const typesName = name.startsWith('@') ? name.slice(1).replace('/', '__') : name;
  return declared.has(name) || declared.has(`@types/${typesName}`);
}

const imports = TREES.flatMap((tree) =>
  sourceFiles(path.join(ROOT, tree)).flatMap((file) =>
    ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map(({ fileName }) => ({
      file: path.relative(ROOT, file),
      specifier: fileName,
    })),
  ),
);

describe('declared packages', () => {
  it('reads the imports of every tree', () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(imports.some(({ specifier }) => specifier === 'fastify')).toBe(true);
  });

  it('names a package', () => {
    expect(packageOf('@mui/icons-material/Close')).toBe('@mui/icons-material');
    expect(packageOf('csv-parse/sync')).toBe('csv-parse');
    expect(packageOf('./config')).toBeUndefined();
  });

  it('declares every package imported in package.json', () => {
    const undeclared = imports
      .filter(({ specifier }) => !isBuiltin(specifier))
      .filter(({ specifier }) => {
        const name = packageOf(specifier);
        return name !== undefined && !isDeclared(name);
      })
      .map(({ file, specifier }) => `${file} -> ${specifier}`);
    expect(undeclared).toEqual([]);
  });
});
