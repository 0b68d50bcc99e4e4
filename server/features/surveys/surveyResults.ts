import {
  RATING_MAX,
  RATING_MIN,
  type AnswerValue,
  type SurveyQuestion,
} from '../../../common/surveys';
import type { QuestionSummary, SurveyResults } from '../../../common/api/surveys';

// The results page of a survey: per question, how many answered it and a summary fitting its
// type (counts per choice or rating, min/avg/max of numbers, the list of texts or dates).

function countsOf(options: string[], values: AnswerValue[]) {
  const counts = new Map(options.map((option) => [option, 0]));
  for (const value of values) {
    for (const item of Array.isArray(value) ? value : [String(value)]) {
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

function numbersOf(values: AnswerValue[]) {
  const numbers = values.map(Number);
  if (numbers.length === 0) return { min: null, avg: null, max: null };
  const sum = numbers.reduce((total, n) => total + n, 0);
  return { min: Math.min(...numbers), avg: sum / numbers.length, max: Math.max(...numbers) };
}

function summarise(question: SurveyQuestion, values: AnswerValue[]): QuestionSummary {
  const base = {
    questionId: question.id,
    text: question.text,
    type: question.type,
    answered: values.length,
  };
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, counts: countsOf(question.choices ?? [], values) };
    case 'rating': {
      const options = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) =>
        String(RATING_MIN + i),
      );
      return { ...base, counts: countsOf(options, values), ...numbersOf(values) };
    }
    case 'number':
      return { ...base, ...numbersOf(values) };
    default:
      return { ...base, texts: values.map(String) };
  }
}

export function surveyResults(
  questions: SurveyQuestion[],
  answers: Record<string, AnswerValue>[],
): SurveyResults {
  return {
    total: answers.length,
    questions: questions.map((question) =>
      summarise(
        question,
        answers.map((answer) => answer[question.id]).filter((value) => value !== undefined),
      ),
    ),
  };
}
