import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The CLI (cli/) is published on its own as @brandboard/cli: what cli/tsconfig.json compiles
// stays in cli/ and common/ (never server/ or src/), and every package it imports is one of
// cli/package.json's dependencies (or Node's own).

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'cli');

function compiledFiles(): string[] {
  const configPath = path.join(CLI, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, CLI);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return program
    .getSourceFiles()
    .map((file) => path.relative(ROOT, file.fileName))
    .filter((file) => !file.startsWith('..') && !file.includes('node_modules'));
}

const manifest = JSON.parse(readFileSync(path.join(CLI, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('the CLI package', () => {
  const files = compiledFiles();

  it('compiles only cli/ and common/', () => {
    expect(files).toContain('cli/bb.ts');
    expect(files).toContain('common/asCode.ts');
    expect(files.filter((file) => !/^(cli|common)\//.test(file))).toEqual([]);
  });

  it('declares every package it imports', () => {
    const packages = new Set(
      files.flatMap((file) =>
        ts
          .preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true)
          .importedFiles.map(({ fileName }) => fileName)
          .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:')),
      ),
    );
    expect([...packages].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });
});
