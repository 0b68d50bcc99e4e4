import type { SurveyBody } from '../../../common/api/surveys';
import { isChoiceQuestion, type SurveyQuestion } from '../../../common/surveys';
import { badRequest } from '../../errors';

// The questions of a survey payload as stored.

const MAX_CHOICES = 50;

function cleanChoices(raw: (string | null)[] | null | undefined): string[] {
  return (raw ?? []).map((choice) => (choice ?? '').trim()).filter(Boolean);
}

/**
 * The questions as stored, in the order given: ids kept, new questions numbered after the
 * highest id so far (a question's id is its dataset column and never changes meaning).
 */
export function normalizeQuestions(
  input: SurveyBody['questions'],
  previous: SurveyQuestion[] = [],
): SurveyQuestion[] {
  const numberOf = (id: string) => Number(id.slice(1));
  let next = Math.max(
    0,
    ...previous.map((q) => numberOf(q.id)),
    ...input.map((q) => (q.id ? numberOf(q.id) : 0)),
  );
  const seen = new Set<string>();
  return input.map((question, index) => {
    const id = question.id ?? `q${++next}`;
    if (seen.has(id))
      throw badRequest(`questions.${index}.id: "${id}" is used twice.`, `questions.${index}.id`);
    seen.add(id);
    const normalized: SurveyQuestion = {
      id,
      type: question.type,
      text: question.text,
      required: question.required ?? false,
    };
    if (isChoiceQuestion(question.type)) {
      const choices = cleanChoices(question.choices);
      const field = `questions.${index}.choices`;
      if (choices.length < 2)
        throw badRequest(`${field}: "${question.text}" needs at least two choices.`, field);
      if (choices.length > MAX_CHOICES)
        throw badRequest(`${field}: at most ${MAX_CHOICES} choices.`, field);
      if (new Set(choices).size !== choices.length) {
        throw badRequest(`${field}: "${question.text}" lists a choice twice.`, field);
      }
      normalized.choices = choices;
    }
    return normalized;
  });
}
