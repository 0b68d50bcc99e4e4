import type { DatasetField } from '../analytics';
import { ABBREVIATIONS, SYNONYM_GROUPS } from './synonyms';
import { wordsForValues } from './valueKinds';
import { phraseWords } from './words';

// Words a field answers to beyond its own name, label and synonyms: everyday synonyms from the
// built-in groups, what its values are (countries -> "country"), its joined form ("run time"
// -> "runtime") and its initials ("miles per gallon" -> "mpg"). Weaker than the field's own
// words: the lexicon adds them only where no field, keyword or row noun has the phrase.

const GROUPS: string[][][] = SYNONYM_GROUPS.map((group) => group.map(phraseWords));

/** Groups by the first word of each member, so a field's words find their groups directly. */
const GROUPS_BY_FIRST_WORD = new Map<string, Array<{ group: number; member: string[] }>>();
GROUPS.forEach((members, group) => {
  for (const member of members) {
    const list = GROUPS_BY_FIRST_WORD.get(member[0]) ?? [];
    list.push({ group, member });
    GROUPS_BY_FIRST_WORD.set(member[0], list);
  }
});

function startsAt(words: string[], start: number, member: string[]): boolean {
  return member.every((word, offset) => words[start + offset] === word);
}

function groupWords(phrases: string[][]): string[][] {
  const groups = new Set<number>();
  for (const words of phrases) {
    words.forEach((word, start) => {
      for (const { group, member } of GROUPS_BY_FIRST_WORD.get(word) ?? []) {
        if (startsAt(words, start, member)) groups.add(group);
      }
    });
  }
  return [...groups].flatMap((group) => GROUPS[group]);
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

const EXPANSIONS = new Map(
  Object.entries(ABBREVIATIONS).map(([short, long]) => [
    phraseWords(short)[0],
    long.map(phraseWords),
  ]),
);
/** Each single word an abbreviation stands for, with the abbreviation ("department": "dept"). */
const SHORTENINGS = new Map<string, string>();
for (const [short, long] of EXPANSIONS) {
  for (const words of long) if (words.length === 1) SHORTENINGS.set(words[0], short);
}

/** `order_qty` -> "order quantity"; `Department` -> "dept": one word swapped at a time. */
function abbreviationWords(phrases: string[][]): string[][] {
  const found: string[][] = [];
  for (const words of phrases) {
    words.forEach((word, position) => {
      const swaps = EXPANSIONS.get(word) ?? [];
      const short = SHORTENINGS.get(word);
      for (const swap of short ? [...swaps, [short]] : swaps) {
        found.push([...words.slice(0, position), ...swap, ...words.slice(position + 1)]);
      }
    });
  }
  return found;
}

/** The derived phrases of a field (as normalised words), given its own phrases and values. */
export function derivedPhrases(
  field: DatasetField,
  ownPhrases: string[][],
  values: string[] | undefined,
): string[][] {
  const expanded = abbreviationWords(ownPhrases);
  const derived = [
    ...expanded,
    ...groupWords([...ownPhrases, ...expanded]),
    ...joinedAndInitials(ownPhrases),
    ...(values && field.type === 'string' ? wordsForValues(values).map(phraseWords) : []),
  ];
  const own = new Set(ownPhrases.map((words) => words.join(' ')));
  return derived.filter((words) => words.length > 0 && !own.has(words.join(' ')));
}
