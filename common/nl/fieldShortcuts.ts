import type { DatasetField } from '../analytics';
import type { Lexicon } from './lexicon';
import type { Part } from './scan';
import type { Word } from './words';

// Ways people shorten or reorder a field's own words: a prefix ("cyl" for Cylinders, "accel"
// for Acceleration) when only one field has a word starting so, and a field whose name holds
// an aggregation word read in either order ("max temp" for `temp_max`).

const MIN_PREFIX = 3;

/** Aggregation words as a field's name may spell them. */
const AGG_WORDS: Record<string, string> = {
  max: 'max',
  maximum: 'max',
  min: 'min',
  minimum: 'min',
  avg: 'avg',
  average: 'avg',
  mean: 'avg',
  total: 'total',
  sum: 'sum',
};

interface Found {
  part: Part;
  length: number;
}

function fieldPart(field: DatasetField, text: string, length: number): Found {
  return { part: { kind: 'field', field, others: [], match: 'partial', text }, length };
}

/** Whether a question word and a field word are the same word or one shortens the other. */
function sameOrShortened(asked: string, own: string): boolean {
  if (asked === own) return true;
  const [short, long] = asked.length < own.length ? [asked, own] : [own, asked];
  return short.length >= MIN_PREFIX && long.startsWith(short);
}

/** "cyl": the one field with a word that starts with the question word. */
export function matchPrefix(word: Word, lexicon: Lexicon): Found | null {
  if (word.kind !== 'word' || word.norm.length < MIN_PREFIX) return null;
  const fields = new Set<DatasetField>();
  for (const [own, owners] of lexicon.fieldWords) {
    if (own.length > word.norm.length && own.startsWith(word.norm))
      for (const field of owners) fields.add(field);
  }
  if (fields.size !== 1) return null;
  return fieldPart([...fields][0], word.raw, 1);
}

/**
 * "max temp", "temperature max": two words, one an aggregation word, that are a field's two
 * name words in either order. Read as the field, not as the aggregation of another field.
 */
export function matchAggregationNamed(
  words: Word[],
  index: number,
  lexicon: Lexicon,
): Found | null {
  const [first, second] = [words[index], words[index + 1]];
  if (first?.kind !== 'word' || second?.kind !== 'word') return null;
  const aggFirst = AGG_WORDS[first.norm];
  const aggSecond = AGG_WORDS[second.norm];
  const agg = aggFirst ?? aggSecond;
  if (!agg) return null;
  const other = aggFirst ? second.norm : first.norm;
  const matches = lexicon.twoWordFields.filter(
    ({ words: [a, b] }) =>
      (a === agg && sameOrShortened(other, b)) || (b === agg && sameOrShortened(other, a)),
  );
  const fields = new Set(matches.map((match) => match.field));
  if (fields.size !== 1) return null;
  return fieldPart(matches[0].field, `${first.raw} ${second.raw}`, 2);
}
