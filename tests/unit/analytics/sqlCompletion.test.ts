import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { CompletionContext, type Completion } from '@codemirror/autocomplete';
import { MySQL, PostgreSQL, SQLite } from '@codemirror/lang-sql';
import { dialectFor, sqlLanguage } from '../../../src/sections/dataExplorer/sqlDialects';
import type { SourceSchema } from '../../../src/analytics/analyticsApi';
import type { SourceType } from '../../../src/model/analytics';

const SCHEMA: SourceSchema = {
  tables: [
    {
      name: 'flights',
      rowCount: 3_000_000,
      columns: [
        { name: 'origin', type: 'VARCHAR' },
        { name: 'delay', type: 'INTEGER' },
      ],
    },
    { name: 'cars', columns: [{ name: 'Horsepower', type: 'DOUBLE' }] },
  ],
};

/** What the explorer's editor offers with the cursor at the end of `doc` (explicit completion). */
async function completionsAt(doc: string, type: SourceType = 'duckdb'): Promise<Completion[]> {
  const state = EditorState.create({ doc, extensions: [sqlLanguage(type, SCHEMA)] });
  const context = new CompletionContext(state, doc.length, true);
  const options: Completion[] = [];
  for (const source of state.languageDataAt<(c: CompletionContext) => unknown>(
    'autocomplete',
    doc.length,
  )) {
    const result = (await source(context)) as { options: Completion[] } | null;
    if (result) options.push(...result.options);
  }
  return options;
}

const labels = (options: Completion[]) => options.map((option) => option.label);

describe('SQL editor completion', () => {
  it("offers the source's tables after FROM", async () => {
    expect(labels(await completionsAt('select * from '))).toEqual(
      expect.arrayContaining(['flights', 'cars']),
    );
  });

  it("offers a table's columns, with their types, after the table name and a dot", async () => {
    const options = await completionsAt('select flights.');
    expect(labels(options).sort()).toEqual(['delay', 'origin']);
    expect(options.find((option) => option.label === 'delay')?.detail).toBe('INTEGER');
  });

  it('offers keywords in upper case', async () => {
    expect(labels(await completionsAt('select * from flights wh'))).toContain('WHERE');
  });

  it("uses the source's dialect: MySQL and SQLite their own, PostgreSQL's for the rest", () => {
    expect(dialectFor('mysql')).toBe(MySQL);
    expect(dialectFor('sqlite')).toBe(SQLite);
    expect(dialectFor('postgres')).toBe(PostgreSQL);
    expect(dialectFor('duckdb')).toBe(PostgreSQL);
  });
});
