import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { CompletionContext, type Completion } from '@codemirror/autocomplete';
import { MySQL, PostgreSQL, SQLite } from '@codemirror/lang-sql';
import { dialectFor, sqlLanguage } from '../../../../src/resources/dataExplorer/sqlDialects';
import { completionsAt as completionsAtPos } from '../../../../src/resources/dataExplorer/sqlCompletion';
import type { SourceSchema } from '../../../../common/api/sources';
import type { SourceType } from '../../../../common/analytics';

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

const labels = (options: readonly Completion[]) => options.map((option) => option.label);

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

describe('completion by place in the statement', () => {
  const input = { schema: SCHEMA, sourceType: 'duckdb' as const };
  /** Labels offered with the cursor at `|` in `doc` (typed completion unless explicit). */
  const offered = (marked: string, explicit = false) => {
    const pos = marked.indexOf('|');
    const result = completionsAtPos(marked.replace('|', ''), pos, input, explicit);
    return result ? labels(result.options) : [];
  };

  it("offers the bare columns of the statement's tables, not other tables' columns", () => {
    const labelsOffered = offered('SELECT ori| FROM flights');
    expect(labelsOffered).toContain('origin');
    expect(labelsOffered).toContain('delay');
    expect(labelsOffered).not.toContain('Horsepower');
    expect(labelsOffered).not.toContain('flights');
  });

  it('reads the tables of the current statement only, JOINs included', () => {
    expect(offered('SELECT * FROM cars; SELECT ori| FROM flights')).not.toContain('Horsepower');
    expect(offered('SELECT Hor| FROM flights f JOIN cars c ON 1 = 1')).toContain('Horsepower');
  });

  it('offers every table’s columns while no FROM is written yet', () => {
    expect(offered('SELECT ori|')).toEqual(expect.arrayContaining(['origin', 'Horsepower']));
  });

  it('offers the columns of an alias after its dot', () => {
    expect(offered('SELECT f.| FROM flights f').sort()).toEqual(['delay', 'origin']);
    expect(offered('SELECT c.| FROM flights AS f, cars AS c')).toEqual(['Horsepower']);
  });

  it('quotes a column that needs it when applied (PostgreSQL folds case)', () => {
    const result = completionsAtPos('SELECT Hor FROM cars', 10, {
      ...input,
      sourceType: 'postgres',
    });
    expect(result?.options.find((option) => option.label === 'Horsepower')?.apply).toBe(
      '"Horsepower"',
    );
  });

  it("offers the dialect's functions where an expression goes", () => {
    expect(offered('SELECT date_t| FROM flights')).toContain('date_trunc');
    const mysql = completionsAtPos('SELECT d FROM flights', 8, { ...input, sourceType: 'mysql' });
    expect(labels(mysql!.options)).toContain('date_format');
    expect(labels(mysql!.options)).not.toContain('date_trunc');
    const sqlite = completionsAtPos('SELECT j FROM flights', 8, { ...input, sourceType: 'sqlite' });
    expect(labels(sqlite!.options)).toContain('julianday');
  });

  it('offers tables, not keywords or columns, after FROM, JOIN and a comma of a FROM list', () => {
    for (const doc of [
      'SELECT * FROM f|',
      'SELECT * FROM flights JOIN c|',
      'SELECT * FROM flights, c|',
    ]) {
      const got = offered(doc);
      expect(got.sort(), doc).toEqual(['cars', 'flights']);
    }
  });

  it('offers only statement keywords at the start, and clause keywords after a table', () => {
    expect(offered('SEL|')).toEqual(['SELECT', 'WITH']);
    const afterTable = offered('SELECT * FROM flights w|');
    expect(afterTable).toContain('WHERE');
    expect(afterTable).not.toContain('SELECT');
    expect(afterTable).not.toContain('origin');
  });

  it('offers nothing for a new alias, inside a string, or before a word is started', () => {
    expect(offered('SELECT * FROM flights AS f|')).toEqual([]);
    expect(offered("SELECT * FROM flights WHERE origin = 'or|")).not.toContain('origin');
    expect(offered('SELECT |')).toEqual([]);
    expect(offered('SELECT | FROM flights', true)).toContain('origin');
  });
});
