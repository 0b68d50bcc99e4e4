import type { DatasetField } from '../analytics';
import type { ChartType } from '../charts';
import type { Reading } from './interpret';
import type { Lexicon } from './lexicon';
import type { Part } from './scan';
import type { QuestionContext } from './types';
import { isPluralWord, type Word } from './words';

// A question that asks for a breakdown ("by", "per", "compare", "regions") whose grouping
// field could not be placed: the fields it most likely meant, best first, so the answer is
// a breakdown (with the others as alternative readings) rather than a single number.

const BREAKDOWN_WORDS = new Set(['compare', 'comparison', 'compared', 'comparing', 'breakdown']);
const MAX_CANDIDATES = 4;

/** Did the question ask for some grouping, whether or not its field was found? */
export function askedBreakdown(parts: Part[], words: Word[], reading: Reading): boolean {
  if (parts.some((part) => part.kind === 'group')) return true;
  if (reading.intents.has('share') || reading.intents.has('distribution')) return true;
  if (words.some((word) => BREAKDOWN_WORDS.has(word.norm))) return true;
  // "days with wind over 5": a plural with nothing but rows to count is the unit counted
  const measuresAField = reading.measures.some((measure) => measure.measure.field !== '*');
  return measuresAField && words.some((word) => isPluralUnplaced(word, reading));
}

/** "weight of the regions": a plural noun the parser could not name a field with. */
function isPluralUnplaced(word: Word, reading: Reading): boolean {
  return isPluralWord(word) && reading.unmatched.includes(word.raw);
}

/**
 * Fields to break the measure down by, best first: along time first for a line or area (or
 * "over time"), then categories with few sampled values, time, numeric categories, and
 * categories of many values. Never the unit of counting, nor a field filtered to one value.
 */
export function plausibleDimensions(
  reading: Reading,
  context: QuestionContext,
  lexicon: Lexicon,
  type: ChartType | undefined,
): DatasetField[] {
  const filteredToOne = new Set(
    reading.filters
      .filter((filter) => filter.filter.op === '=')
      .map((filter) => filter.filter.field),
  );
  const measured = new Set(reading.measures.map((measure) => measure.measure.field));
  const grouped = new Set(reading.dimensions.map((dimension) => dimension.dimension.field));
  const usable = context.dataset.fields.filter(
    (field) =>
      field !== lexicon.identityField &&
      !filteredToOne.has(field.name) &&
      !measured.has(field.name) &&
      !grouped.has(field.name) &&
      !(field.type === 'number' && field.role === 'measure'),
  );
  const alongTime = type === 'line' || type === 'area' || reading.intents.has('overTime');
  const naming = rowNamingField(reading, lexicon, filteredToOne);
  if (naming && !alongTime) {
    const others = usable.filter((field) => field !== naming);
    return [naming, ...rankedFields(others, context, lexicon, alongTime)].slice(0, MAX_CANDIDATES);
  }
  return rankedFields(usable, context, lexicon, alongTime);
}

/**
 * "the capacity for each cinema", "the ages of all artists": a number named bare beside the
 * rows is each row's value, drawn along the field that names the rows.
 */
function rowNamingField(
  reading: Reading,
  lexicon: Lexicon,
  filteredToOne: Set<string>,
): DatasetField | null {
  const naming = reading.rowsNamedBy ?? lexicon.namingField;
  if (!reading.rowsNamed || !naming || filteredToOne.has(naming.name)) return null;
  const fieldMeasures = reading.measures.filter((measure) => measure.measure.field !== '*');
  return fieldMeasures.length > 0 && fieldMeasures.every((measure) => !measure.explicit)
    ? naming
    : null;
}

function rankedFields(
  usable: DatasetField[],
  context: QuestionContext,
  lexicon: Lexicon,
  alongTime: boolean,
): DatasetField[] {
  return usable
    .map((field) => ({ field, rank: rankOf(field, context, lexicon, alongTime) }))
    .filter((entry) => entry.rank < Infinity)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MAX_CANDIDATES)
    .map((entry) => entry.field);
}

/** Lower is better; Infinity: not a sensible breakdown. */
function rankOf(
  field: DatasetField,
  context: QuestionContext,
  lexicon: Lexicon,
  alongTime: boolean,
): number {
  const isTime = field.type === 'date' || field === lexicon.timeField || field.role === 'time';
  if (isTime) return alongTime ? 0 : 200;
  if (field.type === 'boolean') return 300;
  const values = context.values[field.name]?.length ?? 0;
  if (field.type === 'string' && values >= 2) return 100 + values;
  if (field.type === 'number') return 250;
  if (field.type === 'string') return 400;
  return Infinity;
}
