import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHART_TYPES, type ChartType } from '../../common/charts';
import { EVAL_TABLES, UNSEEN_TABLES, columnsOf, type EvalTable } from './tables';

// The broader question set (questions.json): what a person means by each question, as chart
// types that would do and the fields on x, y and colour.

/** The kinds of question of the broader set, in its order. */
export const QUESTION_KINDS = [
  'time',
  'roles',
  'words',
  'incidental',
  'breakdown',
  'chart',
  'axis',
] as const;
/** The kinds of the test set over tables no other set uses. */
export const UNSEEN_KINDS = [
  'time',
  'count',
  'distribution',
  'facets',
  'words',
  'superlative',
  'dateRange',
  'nvbench',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number] | (typeof UNSEEN_KINDS)[number];

/** y of a question answered by counting rows. */
export const COUNT = 'count';
/** `A|B` in a field slot accepts either field. */
export const EITHER = '|';

export interface EvalQuestion {
  table: string;
  kind: QuestionKind;
  question: string;
  chart: ChartType[];
  x?: string;
  y?: string;
  color?: string;
}

/** A question file with its tables and the kinds it is grouped by. */
export interface QuestionSet {
  title: string;
  file: string;
  tables: EvalTable[];
  kinds: readonly QuestionKind[];
}

const here = dirname(fileURLToPath(import.meta.url));

export const BROAD_SET: QuestionSet = {
  title: 'broader set: tables uploaded through the API, roles as inferred',
  file: join(here, 'questions.json'),
  tables: EVAL_TABLES,
  kinds: QUESTION_KINDS,
};

export const UNSEEN_SET: QuestionSet = {
  title: 'unseen-table set (a test set): tables no other set uses',
  file: join(here, 'unseenQuestions.json'),
  tables: UNSEEN_TABLES,
  kinds: UNSEEN_KINDS,
};

export function loadQuestions(set: QuestionSet = BROAD_SET): EvalQuestion[] {
  const file = JSON.parse(readFileSync(set.file, 'utf8')) as { questions: EvalQuestion[] };
  return file.questions;
}

/** The field names a slot accepts (none for a count or an empty slot). */
export function fieldsIn(slot: string | undefined): string[] {
  if (!slot || slot === COUNT) return [];
  return slot.split(EITHER);
}

/** What is wrong with the question set: unknown tables, kinds, chart types or fields. */
export function problemsOf(questions: EvalQuestion[], set: QuestionSet = BROAD_SET): string[] {
  const columns = new Map(set.tables.map((table) => [table.key, new Set(columnsOf(table))]));
  const seen = new Set<string>();
  return questions.flatMap((question) => {
    const where = `"${question.question}" (${question.table})`;
    const problems: string[] = [];
    const known = columns.get(question.table);
    if (!known) problems.push(`${where}: unknown table`);
    if (!set.kinds.includes(question.kind)) problems.push(`${where}: unknown kind`);
    if (!question.chart?.length || question.chart.some((type) => !CHART_TYPES.includes(type)))
      problems.push(`${where}: chart must list chart types`);
    if (!question.x && !question.y) problems.push(`${where}: no expected field`);
    const slots = [question.x, question.y, question.color];
    for (const field of slots.flatMap(fieldsIn)) {
      if (known && !known.has(field)) problems.push(`${where}: no field "${field}"`);
    }
    const key = `${question.table}|${question.question}`;
    if (seen.has(key)) problems.push(`${where}: asked twice`);
    seen.add(key);
    return problems;
  });
}
