import type { DatasetField, RelativeDate } from '../analytics';
import { withinOneEdit } from './editDistance';
import { matchAggregationNamed, matchPrefix } from './fieldShortcuts';
import { matchKindOf } from './kindOf';
import { isIdentifier, type Lexicon, type Phrase, type PhraseMeaning } from './lexicon';
import { MONTHS, PERIOD_UNITS, STOPWORDS, type KeywordMeaning } from './vocabulary';
import { foldWord, isPluralWord, normalizeWord, type Word } from './words';

// The first pass: the question's words become parts (a field, a value, a keyword, a number),
// longest phrase first, an exact match before a partial or misspelt one. Words it cannot
// place are kept as `unmatched`.

interface PartBase {
  /** the words of the question it came from */
  text: string;
}

/** How strongly words name a field: its own name, an everyday synonym, a part, a misspelling. */
export type FieldMatch = 'exact' | 'synonym' | 'partial' | 'fuzzy';

export type Part = PartBase &
  (
    | { kind: 'field'; field: DatasetField; others: DatasetField[]; match: FieldMatch }
    | {
        kind: 'value';
        field: DatasetField;
        others: DatasetField[];
        value: string;
        /** the same words also name a field ("rain": a weather value and the rainfall field) */
        alsoField?: DatasetField;
      }
    /** `namedBy`: the field naming each of the things counted ("products": Product Name) */
    | { kind: 'rows'; namedBy?: DatasetField }
    | { kind: 'number'; value: number }
    /** `endIso`: the last day of a month named with its year ("Dec 2017") */
    | { kind: 'date'; iso: string; year: number; endIso?: string }
    | { kind: 'since'; iso: string }
    | { kind: 'unmatched' }
    | KeywordMeaning
  );

export function scanQuestion(words: Word[], lexicon: Lexicon, today: Date): Part[] {
  const parts: Part[] = [];
  let index = 0;
  while (index < words.length) {
    const found = matchAt(words, index, lexicon, today);
    if (found) {
      if (found.part) parts.push(found.part);
      index += found.length;
    } else {
      parts.push({ kind: 'unmatched', text: words[index].raw });
      index += 1;
    }
  }
  return parts;
}

interface Found {
  part: Part | null;
  length: number;
}

function matchAt(words: Word[], index: number, lexicon: Lexicon, today: Date): Found | null {
  const word = words[index];
  if (word.kind === 'number')
    return { part: { kind: 'number', value: word.value!, text: word.raw }, length: 1 };
  if (word.kind === 'date') {
    return { part: { kind: 'date', iso: word.iso!, year: word.value!, text: word.raw }, length: 1 };
  }
  return (
    matchMonthYear(words, index) ??
    fieldNamedLikeDate(words, index, lexicon, matchRelativeDate(words, index, today)) ??
    matchAggregationNamed(words, index, lexicon) ??
    matchKindOf(words, index, lexicon) ??
    matchIdentifiedNoun(words, index, lexicon) ??
    matchPhrase(words, index, lexicon) ??
    matchJoined(words, index, lexicon) ??
    (STOPWORDS.has(word.raw.toLowerCase()) || STOPWORDS.has(word.norm)
      ? { part: null, length: 1 }
      : null) ??
    matchPartial(words, index, lexicon) ??
    matchAbbreviated(word, lexicon) ??
    matchMisspelt(word, lexicon) ??
    matchPrefix(word, lexicon)
  );
}

/** "last year" beside a `Last_year` column: the field's own name wins over the date. */
function fieldNamedLikeDate(
  words: Word[],
  index: number,
  lexicon: Lexicon,
  date: Found | null,
): Found | null {
  if (!date) return null;
  const phrase = matchPhrase(words, index, lexicon);
  const ownName = phrase?.part?.kind === 'field' && phrase.part.match === 'exact';
  return ownName && phrase.length >= date.length ? phrase : date;
}

/** "Jan 2016", "december 2017": a month of a year, from its first day to its last. */
function matchMonthYear(words: Word[], index: number): Found | null {
  const [first, second] = [words[index], words[index + 1]];
  if (first.kind !== 'word' || second?.kind !== 'number') return null;
  const year = second.value!;
  if (!Number.isInteger(year) || year < 1800 || year > 2100) return null;
  const month = MONTHS.findIndex((name) => name === first.norm || name.slice(0, 3) === first.norm);
  if (month < 0) return null;
  const mm = String(month + 1).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return {
    part: {
      kind: 'date',
      iso: `${year}-${mm}-01`,
      endIso: `${year}-${mm}-${String(lastDay).padStart(2, '0')}`,
      year,
      text: `${first.raw} ${second.raw}`,
    },
    length: 2,
  };
}

/** "last 30 days", "past 6 months", "last year", "this month", "since March". */
function matchRelativeDate(words: Word[], index: number, today: Date): Found | null {
  const [first, second, third] = [words[index], words[index + 1], words[index + 2]];
  if (!second) return null;
  const text = (length: number) =>
    words
      .slice(index, index + length)
      .map((w) => w.raw)
      .join(' ');
  const relative = (date: RelativeDate, length: number): Found => ({
    part: { kind: 'relative', date, text: text(length) },
    length,
  });
  if (['last', 'past', 'previous'].includes(first.norm)) {
    if (second.kind === 'number' && third && PERIOD_UNITS[third.norm]) {
      return relative({ kind: 'last', count: second.value!, unit: PERIOD_UNITS[third.norm] }, 3);
    }
    if (PERIOD_UNITS[second.norm])
      return relative({ kind: 'previous', unit: PERIOD_UNITS[second.norm] }, 2);
  }
  if (['this', 'current'].includes(first.norm) && PERIOD_UNITS[second.norm]) {
    return relative({ kind: 'this', unit: PERIOD_UNITS[second.norm] }, 2);
  }
  const month = MONTHS.findIndex(
    (name) => name === second.norm || name.slice(0, 3) === second.norm,
  );
  if (first.norm === 'since' && month >= 0) {
    return {
      part: { kind: 'since', iso: latestMonthStart(month, today), text: text(2) },
      length: 2,
    };
  }
  return null;
}

/** The first day of the latest `month` (0-11) not after `today`, as yyyy-mm-dd. */
function latestMonthStart(month: number, today: Date): string {
  const year = today.getUTCMonth() >= month ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

function matchPhrase(words: Word[], index: number, lexicon: Lexicon): Found | null {
  const candidates = lexicon.byFirstWord.get(words[index].norm);
  if (!candidates) return null;
  for (const phrase of candidates) {
    if (!phraseAt(words, index, phrase) || pluralOfNoun(words[index], phrase, candidates, lexicon))
      continue;
    const text = words
      .slice(index, index + phrase.words.length)
      .map((w) => w.raw)
      .join(' ');
    return { part: partOf(phrase.meanings, text), length: phrase.words.length };
  }
  return null;
}

/** Two words typed apart that a field names as one: "horse power" for Horsepower. */
function matchJoined(words: Word[], index: number, lexicon: Lexicon): Found | null {
  const [first, second] = [words[index], words[index + 1]];
  if (first.kind !== 'word' || second?.kind !== 'word') return null;
  const joined = normalizeWord(first.raw + second.raw);
  const phrase = lexicon.byFirstWord.get(joined)?.find((candidate) => candidate.words.length === 1);
  const named = phrase?.meanings.some((meaning) => meaning.kind === 'field');
  if (!phrase || !named) return null;
  return { part: partOf(phrase.meanings, `${first.raw} ${second.raw}`), length: 2 };
}

/** A word that a field's name shortens: "expectancy" for `life_expect`, "temperature" for `temp`. */
function matchAbbreviated(word: Word, lexicon: Lexicon): Found | null {
  if (word.kind !== 'word') return null;
  const short = lexicon.abbreviations.find(
    (candidate) => word.norm.length >= candidate.length + 2 && word.norm.startsWith(candidate),
  );
  if (!short) return null;
  const phrase = lexicon.byFirstWord.get(short)?.find((candidate) => candidate.words.length === 1);
  const fields =
    phrase?.meanings.find((meaning) => meaning.kind === 'field')?.fields ??
    lexicon.partials.get(short);
  if (!fields) return null;
  return {
    part: {
      kind: 'field',
      field: fields[0],
      others: fields.slice(1),
      match: 'partial',
      text: word.raw,
    },
    length: 1,
  };
}

/** "orders by region": a plural row or field noun is not the keyword "order by". */
function pluralOfNoun(word: Word, phrase: Phrase, candidates: Phrase[], lexicon: Lexicon): boolean {
  if (foldWord(word.raw) === phrase.words[0]) return false;
  if (!phrase.meanings.every((meaning) => meaning.kind === 'keyword')) return false;
  // "orders", "ranks": a sort word typed in the plural is a noun
  if (phrase.words.length < 2) return phrase.meanings.every(isSortVerb);
  // "count of orders by quantity" beside `Order ID`: a word of a field's name is a noun too
  if (lexicon.partials.has(word.norm)) return true;
  return candidates.some(
    (other) =>
      other.words.length === 1 &&
      other.meanings.some((meaning) => meaning.kind === 'rows' || meaning.kind === 'field'),
  );
}

function isSortVerb(meaning: PhraseMeaning): boolean {
  return meaning.kind === 'keyword' && meaning.meaning.kind === 'sortVerb';
}

function phraseAt(words: Word[], index: number, phrase: Phrase): boolean {
  return phrase.words.every((word, offset) => words[index + offset]?.norm === word);
}

/** One phrase, several meanings: rows, then keywords, then values, then fields. */
function partOf(meanings: PhraseMeaning[], text: string): Part {
  const find = <K extends PhraseMeaning['kind']>(kind: K) =>
    meanings.find((meaning) => meaning.kind === kind) as
      Extract<PhraseMeaning, { kind: K }> | undefined;
  const rows = find('rows');
  const keyword = find('keyword');
  const value = find('value');
  const field = find('field');
  if (rows) return { kind: 'rows', text };
  if (keyword) return { ...keyword.meaning, text };
  if (value) {
    return {
      kind: 'value',
      field: value.fields[0],
      others: value.fields.slice(1),
      value: value.value,
      ...(field ? { alsoField: field.fields[0] } : {}),
      text,
    };
  }
  const fields = field!.fields;
  const match = field!.synonym ? 'synonym' : 'exact';
  return { kind: 'field', field: fields[0], others: fields.slice(1), match, text };
}

/**
 * "orders", "customers" beside `Order ID`, `Customer ID`: the things the table's identifiers
 * name, in the plural, are its rows (counted, ranked), not a field whose name holds the word
 * (`Order Date`); "by order date", "which customer" still name fields.
 */
function matchIdentifiedNoun(words: Word[], index: number, lexicon: Lexicon): Found | null {
  const word = words[index];
  const namedBy = lexicon.identifiedNouns.get(word.norm);
  if (!namedBy || word.kind !== 'word' || !isPluralWord(word)) return null;
  const longer = lexicon.byFirstWord
    .get(word.norm)
    ?.some(
      (phrase) =>
        phrase.words.length > 1 &&
        phraseAt(words, index, phrase) &&
        phrase.meanings.some((meaning) => meaning.kind !== 'keyword'),
    );
  const own = lexicon.byFirstWord
    .get(word.norm)
    ?.find((phrase) => phrase.words.length === 1)
    ?.meanings.some(
      (meaning) =>
        meaning.kind === 'value' ||
        meaning.kind === 'rows' ||
        (meaning.kind === 'field' && !meaning.synonym && !meaning.fields.every(isIdentifier)),
    );
  if (longer || own) return null;
  return { part: { kind: 'rows', namedBy, text: word.raw }, length: 1 };
}

/** A word of a longer field phrase ("gross" of "worldwide gross"), with its neighbours. */
function matchPartial(words: Word[], index: number, lexicon: Lexicon): Found | null {
  const fields = lexicon.partials.get(words[index].norm);
  if (!fields) return null;
  let length = 1;
  let shared = fields;
  while (index + length < words.length) {
    const next = lexicon.partials.get(words[index + length].norm);
    const common = next ? shared.filter((field) => next.includes(field)) : [];
    if (common.length === 0) break;
    shared = common;
    length += 1;
  }
  const text = words
    .slice(index, index + length)
    .map((w) => w.raw)
    .join(' ');
  return {
    part: { kind: 'field', field: shared[0], others: shared.slice(1), match: 'partial', text },
    length,
  };
}

function inflected(word: string, stem: string): boolean {
  return word.startsWith(stem) && /^(d|ed|r|er)$/.test(word.slice(stem.length));
}

/** A word of four letters or more one edit away from a field or value word. */
function matchMisspelt(word: Word, lexicon: Lexicon): Found | null {
  if (word.kind !== 'word' || word.norm.length < 4) return null;
  const target = lexicon.fuzzyTargets.find((candidate) => withinOneEdit(word.norm, candidate));
  // "placed", "rated": a word inflected from another is not a misspelling of it
  if (!target || inflected(word.norm, target)) return null;
  const phrase = lexicon.byFirstWord.get(target)?.find((candidate) => candidate.words.length === 1);
  if (phrase) {
    const part = partOf(phrase.meanings, word.raw);
    return { part: part.kind === 'field' ? { ...part, match: 'fuzzy' } : part, length: 1 };
  }
  const fields = lexicon.partials.get(target)!;
  return {
    part: {
      kind: 'field',
      field: fields[0],
      others: fields.slice(1),
      match: 'fuzzy',
      text: word.raw,
    },
    length: 1,
  };
}
