import { toCsv } from '../../../common/csv';
import type { AnswerValue, SurveyQuestion } from '../../../common/surveys';

// The answers of a survey as CSV: a header of question texts, a row per answer.

interface CsvAnswer {
  createdAt: string;
  respondent: string;
  answers: Record<string, AnswerValue>;
}

function cell(value: AnswerValue | undefined): string | number {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join('; ') : value;
}

export function answersCsv(questions: SurveyQuestion[], answers: CsvAnswer[]): string {
  const header = ['Answered at', 'Respondent', ...questions.map((question) => question.text)];
  const rows = answers.map((answer) => [
    answer.createdAt,
    answer.respondent,
    ...questions.map((question) => cell(answer.answers[question.id])),
  ]);
  return toCsv([header, ...rows]);
}
