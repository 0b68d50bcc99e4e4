import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every export of the wire schemas (common/api) is used by another file of the project: a
// schema or type only its own file needs is not exported, one nobody needs is not declared.

const ROOT = path.resolve(__dirname, '../../..');
const API = path.join(ROOT, 'common/api');
const USERS = ['common', 'server', 'src', 'sdk/src', 'tests', 'bench', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(name) ? [full] : [];
  });
}

/** The text of a file without its comment lines: a comment may name an export. */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

const EXPORT =
  /^export\s+(?:declare\s+)?(?:const|let|type|interface|function|enum|class)\s+(\w+)/gm;

const files = USERS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
const codeByFile = new Map(files.map((file) => [file, codeOf(file)]));
const apiFiles = files.filter((file) => path.dirname(file) === API);

describe('the wire schemas in common/api', () => {
  it('are found', () => {
    expect(apiFiles.length).toBeGreaterThan(20);
  });

  it('export nothing that no other file uses', () => {
    const unused = apiFiles.flatMap((file) =>
      [...codeByFile.get(file)!.matchAll(EXPORT)]
        .map(([, name]) => name)
        .filter((name) => {
          const word = new RegExp(`\\b${name}\\b`);
          return !files.some((other) => other !== file && word.test(codeByFile.get(other)!));
        })
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(unused).toEqual([]);
  });
});
