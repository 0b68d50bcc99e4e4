import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportGraph } from './importGraph';

// Kysely only in repositories: in server/features, queries of the metadata store are built in
// each area's repository.ts; every other file calls those functions. Type-only imports of
// Kysely's types (Kysely, Selectable, …) are fine anywhere.

const graph = readImportGraph(path.resolve(__dirname, '../../../server/features'));

const QUERY_BUILDER_CALL =
  /\.(?:selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(|\.transaction\s*\(\s*\)|\bsql\s*(?:<[^>]*>)?\s*`/;

// `import { sql } from 'kysely'`, `import { sql, type Kysely } from 'kysely'`; not
// `import type { … } from 'kysely'` nor `import { type sql } …`.
const KYSELY_IMPORT = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]kysely['"]/g;

/** Lines that are not comments: a comment may name a query builder call. */
function codeOf(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

function importsSqlValue(text: string): boolean {
  return [...text.matchAll(KYSELY_IMPORT)].some(
    ([, typeOnly, names]) =>
      !typeOnly &&
      names
        .split(',')
        .map((name) => name.trim())
        .some((name) => /^sql(?:\s+as\s+\w+)?$/.test(name)),
  );
}

/** Why the file breaks the rule, or undefined. */
function kyselyUse(text: string): string | undefined {
  const code = codeOf(text);
  const call = code.match(QUERY_BUILDER_CALL);
  if (call) return `builds a query (${call[0].trim()})`;
  if (importsSqlValue(code)) return "imports sql from 'kysely'";
  return undefined;
}

const isRepository = (file: string) => path.posix.basename(file) === 'repository.ts';

describe('Kysely only in repositories', () => {
  it('recognises a query builder call and a value import of sql', () => {
    expect(kyselyUse("await db.selectFrom('users').selectAll().execute();")).toMatch(/selectFrom/);
    expect(kyselyUse('return app.db.transaction().execute(work);')).toMatch(/transaction/);
    expect(kyselyUse('const x = sql<number>`count(*)`;')).toMatch(/builds a query/);
    expect(kyselyUse("import { sql, type Kysely } from 'kysely';")).toMatch(/imports sql/);
    expect(kyselyUse("import type { Kysely, Selectable } from 'kysely';")).toBeUndefined();
    expect(kyselyUse("import { type Kysely } from 'kysely';")).toBeUndefined();
    expect(kyselyUse("// db.selectFrom('users') is the repository's")).toBeUndefined();
  });

  it('finds the feature areas and their repositories', () => {
    expect(graph.files.filter(isRepository).length).toBeGreaterThan(15);
    expect(graph.files.filter(isRepository).some((file) => kyselyUse(graph.textOf(file)))).toBe(
      true,
    );
  });

  it('builds no query outside a repository.ts', () => {
    const offenders = graph.files
      .filter((file) => !isRepository(file))
      .flatMap((file) => {
        const why = kyselyUse(graph.textOf(file));
        return why ? [`server/features/${file} ${why}`] : [];
      });
    expect(offenders).toEqual([]);
  });
});
