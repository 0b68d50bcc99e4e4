import type { DatasetField } from '../analytics';
import { defaultAggregation } from './defaults';
import { findTimeField, lexiconFor } from './lexicon';
import type { QuestionContext } from './types';
import { withoutUnit } from './words';

// Example questions made from the dataset's own fields, for an empty Ask box. Each one is a
// question the parser understands (tests/unit/nl/examples.test.ts).

/** How a question names a field: its label without unit, in lower case. */
export function spokenName(field: DatasetField): string {
  return withoutUnit(field.label || field.name).toLowerCase();
}

function plural(words: string): string {
  if (words.endsWith('s')) return words;
  if (/[^aeiou]y$/.test(words)) return `${words.slice(0, -1)}ies`;
  return `${words}s`;
}

function aggregationWord(field: DatasetField): string {
  return defaultAggregation(field) === 'sum' ? 'total' : 'average';
}

export function exampleQuestions(context: QuestionContext, count = 4): string[] {
  const { fields } = context.dataset;
  const lexicon = lexiconFor(context);
  const timeField = findTimeField(fields);
  const measures = fields.filter((field) => field.type === 'number' && field.role === 'measure');
  const categories = fields.filter(
    (field) =>
      field !== timeField &&
      field !== lexicon.identityField &&
      (field.type === 'string' || field.role === 'dimension'),
  );
  const category = categories.find((field) => context.values[field.name]) ?? categories[0];
  const [measure, otherMeasure] = measures;
  const questions: string[] = [];
  if (measure && category) {
    questions.push(`${aggregationWord(measure)} ${spokenName(measure)} by ${spokenName(category)}`);
  }
  if (measure && timeField) questions.push(`${spokenName(measure)} over time`);
  if (measure) questions.push(`distribution of ${spokenName(measure)}`);
  if (measure && category) {
    const measureWords = `${aggregationWord(measure)} ${spokenName(measure)}`;
    questions.push(`top 10 ${plural(spokenName(category))} by ${measureWords}`);
  }
  if (measure && otherMeasure)
    questions.push(`${spokenName(measure)} vs ${spokenName(otherMeasure)}`);
  if (category) questions.push(`number of rows by ${spokenName(category)}`);
  if (timeField) questions.push(`number of rows over time`);
  return [...new Set(questions)].slice(0, count);
}
