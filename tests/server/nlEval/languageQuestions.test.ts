import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLanguageQuestions } from '../../../scripts/eval/languageEval';
import { problemsOf, type QuestionSet, UNSEEN_KINDS } from '../../../scripts/eval/questionSet';
import { FRESH_TABLES, UNSEEN_TABLES, columnsOf } from '../../../scripts/eval/tables';

// The French, German and Spanish questions of `npm run eval:nl` stay well formed: 100 or more
// each, over tables of the unseen and fresh sets, every expected field a column of its table
// and every table's fields given labels in each language; about 40% of each in the tuning part.

const tables = [...UNSEEN_TABLES, ...FRESH_TABLES];
const set: QuestionSet = { title: 'languages', file: '', tables, kinds: UNSEEN_KINDS };
const labels = JSON.parse(
  readFileSync(
    new URL('../../../scripts/eval/languages/fieldLabels.json', import.meta.url),
    'utf8',
  ),
) as { tables: Record<string, Record<string, Record<string, string[]>>> };

describe.each(['fr', 'de', 'es'] as const)('the questions in %s', (language) => {
  const questions = readLanguageQuestions(language);

  it('are 100 or more, naming only tables, chart types and fields that exist', () => {
    expect(questions.length).toBeGreaterThanOrEqual(100);
    expect(problemsOf(questions, set)).toEqual([]);
  });

  it('are split about 40% tuning, the rest held out', () => {
    const tuning = questions.filter((question) => question.tuning).length;
    expect(tuning / questions.length).toBeGreaterThan(0.3);
    expect(tuning / questions.length).toBeLessThan(0.5);
  });

  it('are over tables whose every field has a label in the language', () => {
    for (const table of new Set(questions.map((question) => question.table))) {
      const columns = columnsOf(tables.find((candidate) => candidate.key === table)!);
      for (const column of columns)
        expect(labels.tables[table]?.[column]?.[language]?.[0], `${table}.${column}`).toBeTruthy();
    }
  });
});
