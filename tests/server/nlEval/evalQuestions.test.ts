import { describe, expect, it } from 'vitest';
import {
  loadQuestions,
  problemsOf,
  QUESTION_KINDS,
  UNSEEN_KINDS,
  UNSEEN_SET,
  type EvalQuestion,
} from '../../../scripts/eval/questionSet';
import { EVAL_TABLES, UNSEEN_TABLES, columnsOf } from '../../../scripts/eval/tables';

// The question set of `npm run eval:nl` (scripts/eval/questions.json) stays well formed:
// every table ships with vega-datasets and every expected field is a column of its table.

describe('the broader NL evaluation set', () => {
  const questions = loadQuestions();

  it('names only tables, kinds, chart types and fields that exist', () => {
    expect(problemsOf(questions)).toEqual([]);
  });

  it('asks at least 150 questions over at least 6 tables, 10 or more of each kind', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(new Set(questions.map((question) => question.table)).size).toBeGreaterThanOrEqual(6);
    for (const kind of QUESTION_KINDS) {
      const ofKind = questions.filter((question) => question.kind === kind);
      expect(ofKind.length, kind).toBeGreaterThanOrEqual(10);
    }
  });

  it('reads the columns of every table file', () => {
    for (const table of EVAL_TABLES) expect(columnsOf(table).length, table.key).toBeGreaterThan(1);
  });

  it('flags a field its table does not have, and an unknown table', () => {
    const wrong: EvalQuestion[] = [
      { table: 'cars', kind: 'words', question: 'q1', chart: ['bar'], x: 'Origin', y: 'Price' },
      { table: 'nowhere', kind: 'time', question: 'q2', chart: ['line'], x: 'year' },
      { table: 'cars', kind: 'axis', question: 'q3', chart: ['bar'], x: 'Origin|Country' },
    ];
    expect(problemsOf(wrong)).toEqual([
      '"q1" (cars): no field "Price"',
      '"q2" (nowhere): unknown table',
      '"q3" (cars): no field "Country"',
    ]);
  });
});

describe('the unseen-table test set', () => {
  const questions = loadQuestions(UNSEEN_SET);

  it('names only tables, kinds, chart types and fields that exist', () => {
    expect(problemsOf(questions, UNSEEN_SET)).toEqual([]);
  });

  it('uses no table of the broader set, and asks at least 2 questions of each kind', () => {
    const broadFiles = new Set(EVAL_TABLES.map((table) => table.file));
    for (const table of UNSEEN_TABLES) expect(broadFiles.has(table.file), table.key).toBe(false);
    for (const kind of UNSEEN_KINDS) {
      const ofKind = questions.filter((question) => question.kind === kind);
      expect(ofKind.length, kind).toBeGreaterThanOrEqual(2);
    }
  });
});
