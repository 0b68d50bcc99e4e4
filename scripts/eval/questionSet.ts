import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHART_TYPES, type ChartType } from '../../src/model/charts';
import { EVAL_TABLES, columnsOf } from './tables';

// The broader question set (questions.json): what a person means by each question, as chart
// types that would do and the fields on x, y and colour.

/** The kinds of issue 16, in its order. */
export const QUESTION_KINDS = [
  'time',
  'roles',
  'words',
  'incidental',
  'breakdown',
  'chart',
  'axis',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

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

const questionsFile = join(dirname(fileURLToPath(import.meta.url)), 'questions.json');

export function loadQuestions(): EvalQuestion[] {
  const file = JSON.parse(readFileSync(questionsFile, 'utf8')) as { questions: EvalQuestion[] };
  return file.questions;
}

/** The field names a slot accepts (none for a count or an empty slot). */
export function fieldsIn(slot: string | undefined): string[] {
  if (!slot || slot === COUNT) return [];
  return slot.split(EITHER);
}

/** What is wrong with the question set: unknown tables, kinds, chart types or fields. */
export function problemsOf(questions: EvalQuestion[]): string[] {
  const columns = new Map(EVAL_TABLES.map((table) => [table.key, new Set(columnsOf(table))]));
  const seen = new Set<string>();
  return questions.flatMap((question) => {
    const where = `"${question.question}" (${question.table})`;
    const problems: string[] = [];
    const known = columns.get(question.table);
    if (!known) problems.push(`${where}: unknown table`);
    if (!QUESTION_KINDS.includes(question.kind)) problems.push(`${where}: unknown kind`);
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
