import type { DatasetField } from '../analytics';
import { SYNONYM_GROUPS } from './synonyms';
import { wordsForValues } from './valueKinds';
import { phraseWords } from './words';

// Words a field answers to beyond its own name, label and synonyms: everyday synonyms from the
// built-in groups, what its values are (countries -> "country"), its joined form ("run time"
// -> "runtime") and its initials ("miles per gallon" -> "mpg"). Weaker than the field's own
// words: the lexicon adds them only where no field, keyword or row noun has the phrase.

const GROUPS: string[][][] = SYNONYM_GROUPS.map((group) => group.map(phraseWords));

function contains(words: string[], member: string[]): boolean {
  if (member.length === 0 || member.length > words.length) return false;
  for (let start = 0; start + member.length <= words.length; start += 1) {
    if (member.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

function groupWords(phrases: string[][]): string[][] {
  const found: string[][] = [];
  for (const group of GROUPS) {
    if (!group.some((member) => phrases.some((words) => contains(words, member)))) continue;
    found.push(...group);
  }
  return found;
}

function joinedAndInitials(phrases: string[][]): string[][] {
  const found: string[][] = [];
  for (const words of phrases) {
    if (words.length === 2) found.push([words.join('')]);
    if (words.length >= 3 && words.every((word) => /^[a-z]/.test(word)))
      found.push([words.map((word) => word[0]).join('')]);
  }
  return found;
}

/** The derived phrases of a field (as normalised words), given its own phrases and values. */
export function derivedPhrases(
  field: DatasetField,
  ownPhrases: string[][],
  values: string[] | undefined,
): string[][] {
  const derived = [
    ...groupWords(ownPhrases),
    ...joinedAndInitials(ownPhrases),
    ...(values && field.type === 'string' ? wordsForValues(values).map(phraseWords) : []),
  ];
  const own = new Set(ownPhrases.map((words) => words.join(' ')));
  return derived.filter((words) => words.length > 0 && !own.has(words.join(' ')));
}
