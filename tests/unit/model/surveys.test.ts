import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  cleanAnswers,
  firstAnswerIssue,
  type SurveyQuestion,
} from '../../../common/surveys';

// The answer rules the server enforces and the answer form shows at each field.

const question = (type: SurveyQuestion['type'], extra: Partial<SurveyQuestion> = {}) =>
  ({ id: 'q1', type, text: 'Q', required: false, ...extra }) as SurveyQuestion;

describe('survey answers', () => {
  it('requires an answer to a required question, empty text and lists counting as none', () => {
    const required = question('short_text', { required: true });
    expect(answerProblem(required, undefined)).toBe('is required');
    expect(answerProblem(required, '  ')).toBe('is required');
    expect(
      answerProblem(question('multiple_choice', { required: true, choices: ['a', 'b'] }), []),
    ).toBe('is required');
    expect(answerProblem(question('short_text'), null)).toBeNull();
  });

  it('checks each type', () => {
    expect(answerProblem(question('number'), '3')).toBe('must be a number');
    expect(answerProblem(question('number'), -2.5)).toBeNull();
    expect(answerProblem(question('rating'), 0)).toMatch(/from 1 to 5/);
    expect(answerProblem(question('rating'), 3.5)).toMatch(/from 1 to 5/);
    expect(answerProblem(question('rating'), 5)).toBeNull();
    expect(answerProblem(question('date'), '2024-02-29')).toBeNull();
    expect(answerProblem(question('date'), '2023-02-29')).toMatch(/date/);
    const single = question('single_choice', { choices: ['a', 'b'] });
    expect(answerProblem(single, 'c')).toBe('must be one of the choices');
    expect(answerProblem(single, 'a')).toBeNull();
    const multiple = question('multiple_choice', { choices: ['a', 'b'] });
    expect(answerProblem(multiple, ['a', 'c'])).toBe('must be some of the choices');
    expect(answerProblem(multiple, ['a', 'a'])).toBe('lists a choice twice');
    expect(answerProblem(question('long_text'), 'x'.repeat(5001))).toMatch(/at most/);
  });

  it('names the first wrong question, and refuses answers to questions the survey lacks', () => {
    const questions = [
      question('short_text', { id: 'q1', text: 'Team' }),
      question('rating', { id: 'q2', text: 'Mood', required: true }),
    ];
    expect(firstAnswerIssue(questions, { q1: 'x' })).toEqual({
      questionId: 'q2',
      message: '"Mood" is required',
    });
    expect(firstAnswerIssue(questions, { q2: 3, q9: 'x' })?.questionId).toBe('q9');
    expect(firstAnswerIssue(questions, { q2: 3 })).toBeNull();
    expect(cleanAnswers(questions, { q1: ' x ', q2: 3 })).toEqual({ q1: 'x', q2: 3 });
    expect(cleanAnswers(questions, { q1: '', q2: 3 })).toEqual({ q2: 3 });
  });
});
