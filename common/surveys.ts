// Surveys: the question model and the validation of an answer, shared by the server (which
// refuses a bad answer) and the answer form (which shows the same message at the field).

export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'number',
  'single_choice',
  'multiple_choice',
  'rating',
  'date',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const SURVEY_STATUSES = ['draft', 'published', 'closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

export const RATING_MIN = 1;
export const RATING_MAX = 5;
const MAX_TEXT_ANSWER = 5000;

// The wire types, declared once in ./api/surveys; re-exported as many files read them here.
import type { SurveyQuestion } from './api/surveys';
export type { Survey, SurveyQuestion } from './api/surveys';

export type AnswerValue = string | number | string[];
export type SurveyAnswers = Record<string, AnswerValue | null | undefined>;

export const isChoiceQuestion = (type: QuestionType): boolean =>
  type === 'single_choice' || type === 'multiple_choice';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Why `value` is not an acceptable answer to `question` (null when it is). */
export function answerProblem(question: SurveyQuestion, value: unknown): string | null {
  if (isEmpty(value)) return question.required ? 'is required' : null;
  const choices = question.choices ?? [];
  switch (question.type) {
    case 'short_text':
    case 'long_text':
      if (typeof value !== 'string') return 'must be text';
      return value.length > MAX_TEXT_ANSWER
        ? `must be at most ${MAX_TEXT_ANSWER} characters`
        : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'rating':
      return Number.isInteger(value) &&
        (value as number) >= RATING_MIN &&
        (value as number) <= RATING_MAX
        ? null
        : `must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'single_choice':
      return typeof value === 'string' && choices.includes(value)
        ? null
        : 'must be one of the choices';
    case 'multiple_choice':
      if (!Array.isArray(value) || !value.every((item) => choices.includes(item as string))) {
        return 'must be some of the choices';
      }
      return new Set(value).size === value.length ? null : 'lists a choice twice';
  }
}

interface AnswerIssue {
  questionId: string;
  message: string;
}

/** The first problem of an answer to `questions`, naming the question; null when valid. */
export function firstAnswerIssue(
  questions: SurveyQuestion[],
  answers: SurveyAnswers,
): AnswerIssue | null {
  const known = new Set(questions.map((question) => question.id));
  const stranger = Object.keys(answers).find((key) => !known.has(key));
  if (stranger)
    return { questionId: stranger, message: `"${stranger}" is not a question of this survey` };
  for (const question of questions) {
    const problem = answerProblem(question, answers[question.id]);
    if (problem) return { questionId: question.id, message: `"${question.text}" ${problem}` };
  }
  return null;
}

/** The answer as stored: empty answers dropped, text trimmed. */
export function cleanAnswers(questions: SurveyQuestion[], answers: SurveyAnswers) {
  const clean: Record<string, AnswerValue> = {};
  for (const question of questions) {
    const value = answers[question.id];
    if (isEmpty(value)) continue;
    clean[question.id] = typeof value === 'string' ? value.trim() : (value as AnswerValue);
  }
  return clean;
}
