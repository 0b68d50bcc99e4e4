import fc from 'fast-check';
import type { Dataset } from '../../../common/analytics';
import { MAX_QUESTION_LENGTH } from '../../../common/nl';

// Generated questions for one dataset (fast-check): words people type, the dataset's own field
// names, labels, synonyms and sampled values, chart type names, aggregations, groupings,
// numbers of every shape, punctuation, unicode, and empty and over-long text.

const CHART_WORDS = [
  'scatter',
  'scatter plot',
  'histogram',
  'histogram of',
  'pie chart',
  'donut',
  'line chart',
  'area chart',
  'bar chart',
  'column chart',
  'stacked bar',
  'heatmap',
  'kpi',
  'as a number',
  'single number',
  'table',
  'box plot',
  'treemap',
  'map of',
  'on a map',
  'where are',
  'point map',
];

const KEYWORDS = [
  'average',
  'total',
  'sum of',
  'count of',
  'number of',
  'how many',
  'distinct',
  'median',
  'max',
  'minimum',
  'by',
  'per',
  'for each',
  'each',
  'across',
  'broken down by',
  'split by',
  'colour by',
  'compare',
  'breakdown',
  'distribution of',
  'share of',
  'relationship between',
  'vs',
  'against',
  'over time',
  'by month',
  'yearly',
  'trend',
  'top',
  'bottom',
  'top 5',
  'best',
  'worst',
  'highest',
  'lowest',
  'sorted by',
  'descending',
  'alphabetically',
  'limit',
  'bin width of',
  'between',
  'and',
  'or',
  'not',
  'from',
  'to',
  'in',
  'with',
  'over',
  'under',
  'more than',
  'less than',
  'before',
  'after',
  'since',
  'last year',
  'last 3 months',
  'this week',
  'since March',
  'in 2005',
  'of',
  'the',
  'show me',
  'what is',
];

const NOISE = ['?', '!', ',', '.', '"', "'", '-', '%', '$', '(', ')', '&', '/', ':', ';', '*'];

function numberWord(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: -10, max: 100 }).map(String),
    fc.integer({ min: 1900, max: 2030 }).map(String),
    fc.double({ noNaN: false }).map(String),
    fc.constantFrom('0', '1e309', '-0', '10k', '2M', '3.5%', '1,000', '$20', 'NaN', 'Infinity'),
  );
}

/** The words of one dataset a question may use: names, labels, synonyms, sampled values. */
export function datasetWords(dataset: Dataset, values: Record<string, string[]>): string[] {
  const fieldWords = dataset.fields.flatMap((field) => [
    field.name,
    field.label,
    ...field.synonyms,
  ]);
  const valueWords = Object.values(values).flatMap((list) => list.slice(0, 8));
  return [...fieldWords, ...valueWords, dataset.name].filter((word) => word.trim() !== '');
}

/** A question: a few pieces of any kind, or text at the edges (empty, long, unicode). */
export function questionArbitrary(words: string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...words) },
    { weight: 5, arbitrary: fc.constantFrom(...KEYWORDS) },
    { weight: 2, arbitrary: fc.constantFrom(...CHART_WORDS) },
    { weight: 2, arbitrary: numberWord() },
    { weight: 1, arbitrary: fc.constantFrom(...NOISE) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  );
  const sentence = fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => parts.join(' '));
  return fc.oneof(
    { weight: 20, arbitrary: sentence },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n\t', '?') },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: MAX_QUESTION_LENGTH - 5, max: MAX_QUESTION_LENGTH * 3 })
        .chain((length) => fc.constantFrom(...words).map((word) => longText(word, length))),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );
}

function longText(word: string, length: number): string {
  return `${word} `.repeat(Math.ceil(length / (word.length + 1))).slice(0, length);
}
