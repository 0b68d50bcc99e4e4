import { stringify } from 'csv-stringify/sync';
import type { AnswerValue, SurveyQuestion } from '../../../src/model/surveys';

// The answers of a survey as CSV: a header of question texts, a row per answer.

interface CsvAnswer {
  createdAt: string;
  respondent: string;
  answers: Record<string, AnswerValue>;
}

// A text starting with = + - @ would run as a formula in a spreadsheet: quote it as text.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: AnswerValue | undefined): string | number {
  if (value === undefined) return '';
  const text = Array.isArray(value) ? value.join('; ') : value;
  return typeof text === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

export function answersCsv(questions: SurveyQuestion[], answers: CsvAnswer[]): string {
  const header = ['Answered at', 'Respondent', ...questions.map((question) => question.text)];
  const rows = answers.map((answer) => [
    answer.createdAt,
    answer.respondent,
    ...questions.map((question) => cell(answer.answers[question.id])),
  ]);
  return stringify([header, ...rows]);
}
