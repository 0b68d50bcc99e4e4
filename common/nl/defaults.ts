import type { Aggregation, DatasetField, QueryDimension, TimeGrain } from '../analytics';
import type { QuestionContext } from './types';
import { fieldPhrases } from './lexicon';

// What the parser assumes when the question does not say: the aggregation of a number named
// without one, the grain of "over time", the bin width of a histogram.

/** Words of amounts that add up; any other number (a rating, a rate, a delay) is averaged. */
const AMOUNT_WORDS = new Set([
  'gross',
  'sale',
  'revenue',
  'budget',
  'cost',
  'population',
  'people',
  'person',
  'death',
  'fatality',
  'count',
  'total',
  'amount',
  'profit',
  'quantity',
  'unit',
  'vote',
  'generation',
  'precipitation',
  'rainfall',
]);

/** `sum` when the field's name, label or synonyms name an amount, else `avg`. */
export function defaultAggregation(field: DatasetField): Aggregation {
  const amount = fieldPhrases(field).some((words) => words.some((word) => AMOUNT_WORDS.has(word)));
  return amount ? 'sum' : 'avg';
}

/** "Over time" without a grain: years for a field of years, else months. */
function defaultGrain(field: DatasetField): TimeGrain {
  const yearly = fieldPhrases(field).some((words) => words.includes('year'));
  return yearly ? 'year' : 'month';
}

/** The dimension for grouping by a field: dates get a grain, measure numbers a bin width. */
export function groupingDimension(
  field: DatasetField,
  context: QuestionContext,
  grain?: TimeGrain,
): QueryDimension {
  if (field.type === 'date') return { field: field.name, grain: grain ?? defaultGrain(field) };
  if (field.type === 'number' && field.role === 'measure') {
    return { field: field.name, bin: niceBinWidth(context.ranges?.[field.name]) };
  }
  return { field: field.name };
}

const NICE_STEPS = [1, 2, 2.5, 5, 10];
const TARGET_BINS = 20;

/** About twenty bins: the smallest of 1, 2, 2.5, 5 x 10^k at least a twentieth of the range. */
export function niceBinWidth(range: { min: number; max: number } | undefined): number {
  if (!range || !(range.max > range.min)) return 1;
  const raw = (range.max - range.min) / TARGET_BINS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = NICE_STEPS.find((candidate) => candidate * magnitude >= raw) ?? 10;
  return Number((step * magnitude).toPrecision(12));
}
