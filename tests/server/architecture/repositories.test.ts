import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportGraph } from './importGraph';

// Kysely only in repositories: queries of the metadata store are built in server/db/ and in
// files named repository.ts or *Repository.ts (each feature area's, and those of layers below
// the features); every other file calls their functions. Type-only imports of Kysely's types
// (Kysely, Selectable, …) are fine anywhere: they pass a handle or name a row.

const graph = readImportGraph(path.resolve(__dirname, '../../../server'));

const QUERY_BUILDER_CALL =
  /\.(?:selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(|\.transaction\s*\(\s*\)|\bsql\s*(?:<[^>]*>)?\s*`/;

// `import { sql } from 'kysely'`, `import { sql, type Kysely } from 'kysely'`,
// `import { Kysely } from 'kysely'`; not `import type { … } from 'kysely'` nor
// `import { type Kysely } …`.
const KYSELY_IMPORT = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]kysely['"]/g;

/** Lines that are not comments: a comment may name a query builder call. */
function codeOf(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

/** The names a file imports from Kysely as values (what runs), not only as types. */
function kyselyValueImports(text: string): string[] {
  return [...text.matchAll(KYSELY_IMPORT)].flatMap(([, typeOnly, names]) =>
    typeOnly
      ? []
      : names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ')),
  );
}

/** Why the file breaks the rule, or undefined. */
function kyselyUse(text: string): string | undefined {
  const code = codeOf(text);
  const values = kyselyValueImports(code);
  if (values.length) return `imports ${values.join(', ')} from 'kysely'`;
  const call = code.match(QUERY_BUILDER_CALL);
  if (call) return `builds a query (${call[0].trim()})`;
  return undefined;
}

/** Engines speak their own SQL to their own databases (a `sql` there is not Kysely's). */
const isEngine = (file: string) => file.startsWith('engines/');

const isRepository = (file: string) =>
  file.startsWith('db/') || /(?:^|\/)(?:repository|\w+Repository)\.ts$/.test(file);

describe('Kysely only in repositories', () => {
  it('recognises a query builder call and a value import from Kysely', () => {
    expect(kyselyUse("await db.selectFrom('users').selectAll().execute();")).toMatch(/selectFrom/);
    expect(kyselyUse('return app.db.transaction().execute(work);')).toMatch(/transaction/);
    expect(kyselyUse('const x = sql<number>`count(*)`;')).toMatch(/builds a query/);
    expect(kyselyUse("import { sql, type Kysely } from 'kysely';")).toMatch(/imports sql/);
    expect(kyselyUse("import { Kysely } from 'kysely';")).toMatch(/imports Kysely/);
    expect(kyselyUse("import type { Kysely, Selectable } from 'kysely';")).toBeUndefined();
    expect(kyselyUse("import { type Kysely } from 'kysely';")).toBeUndefined();
    expect(kyselyUse("// db.selectFrom('users') is the repository's")).toBeUndefined();
  });

  it('tells a repository by its folder or its name', () => {
    expect(isRepository('db/sessions.ts')).toBe(true);
    expect(isRepository('features/users/repository.ts')).toBe(true);
    expect(isRepository('seed/seedRepository.ts')).toBe(true);
    expect(isRepository('features/users/routes.ts')).toBe(false);
    expect(isRepository('plugins/auth.ts')).toBe(false);
  });

  it('finds the repositories, and queries in them', () => {
    const repositories = graph.files.filter(isRepository);
    expect(repositories.filter((file) => file.startsWith('features/')).length).toBeGreaterThan(15);
    expect(repositories.filter((file) => kyselyUse(graph.textOf(file))).length).toBeGreaterThan(15);
  });

  it('builds no query outside server/db/ and the repositories', () => {
    const offenders = graph.files
      .filter((file) => !isRepository(file) && !isEngine(file))
      .flatMap((file) => {
        const why = kyselyUse(graph.textOf(file));
        return why ? [`server/${file} ${why}`] : [];
      });
    expect(offenders).toEqual([]);
  });
});
