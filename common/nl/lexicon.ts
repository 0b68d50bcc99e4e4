import type { DatasetField } from '../analytics';
import type { QuestionContext } from './types';
import { derivedPhrases } from './fieldWords';
import { wordsForValues } from './valueKinds';
import { KEYWORDS, ROW_NOUNS, STOPWORDS, type KeywordMeaning } from './vocabulary';
import { phraseWords } from './words';

// The phrases a question may use, built once per context: the vocabulary's keywords, the
// dataset's fields (name, label, synonyms) and its sampled values, and the nouns for its rows.

export type PhraseMeaning =
  | { kind: 'keyword'; meaning: KeywordMeaning }
  /** `synonym`: a derived word (fieldWords.ts), weaker than the field's own name */
  | { kind: 'field'; fields: DatasetField[]; synonym?: boolean }
  | { kind: 'value'; fields: DatasetField[]; value: string }
  | { kind: 'rows' };

export interface Phrase {
  words: string[];
  meanings: PhraseMeaning[];
}

export interface Lexicon {
  /** phrases by their first word, longest first */
  byFirstWord: Map<string, Phrase[]>;
  /** single words of longer field phrases ("gross" of "worldwide gross"), for partial matches */
  partials: Map<string, DatasetField[]>;
  /** single-word field and value phrases and partial words, for misspellings */
  fuzzyTargets: string[];
  /** words of fields' own names a longer question word may start with ("temp" of temperature) */
  abbreviations: string[];
  /** every word of the fields' own names and labels, for prefixes ("cyl") */
  fieldWords: Map<string, DatasetField[]>;
  /** fields named by two words ("temp max"), for the words typed in the other order */
  twoWordFields: Array<{ words: string[]; field: DatasetField }>;
  /** words of the sampled values, with the text fields holding them ("disaster": Entity) */
  valueWords: Map<string, DatasetField[]>;
  /** text fields with sampled values, other than the one naming each row */
  categoryFields: DatasetField[];
  timeField: DatasetField | null;
  /** the string field naming each row (a title, a name): counting it counts rows */
  identityField: DatasetField | null;
  /** a text field whose values are month names, for "by month" without a date */
  monthField: DatasetField | null;
  /** the text field naming each row even when sampled (Name, Title, Model): for "top 10 cars" */
  namingField: DatasetField | null;
  /** a text field named like the dataset (`Aircraft` of Aircraft): its plural is the rows */
  datasetNamedField: DatasetField | null;
  /**
   * the things identifier fields name ("order" of `Order ID`), each with the field naming one
   * (`Product Name` for "product", else the identifier): "how many orders" counts the rows
   */
  identifiedNouns: Map<string, DatasetField>;
}

/** Words too plain to stand for a field on their own ("per" of "miles per gallon"). */
const PLAIN_WORDS = new Set([
  'per',
  'in',
  'of',
  'the',
  'and',
  'to',
  'a',
  'us',
  'min',
  'max',
  'count',
]);

const cache = new WeakMap<QuestionContext, Lexicon>();

export function lexiconFor(context: QuestionContext): Lexicon {
  let lexicon = cache.get(context);
  if (!lexicon) {
    lexicon = buildLexicon(context);
    cache.set(context, lexicon);
  }
  return lexicon;
}

/** The time axis: the first field with role time, else the first date field. */
export function findTimeField(fields: DatasetField[]): DatasetField | null {
  return (
    fields.find((field) => field.role === 'time') ??
    fields.find((field) => field.type === 'date') ??
    null
  );
}

function findMonthField(context: QuestionContext): DatasetField | null {
  return (
    context.dataset.fields.find(
      (field) =>
        field.type === 'string' &&
        wordsForValues(context.values[field.name] ?? []).includes('month'),
    ) ?? null
  );
}

function findNamingField(fields: DatasetField[]): DatasetField | null {
  return (
    fields.find(
      (field) =>
        field.type === 'string' &&
        fieldPhrases(field).some((words) =>
          words.some((word) => /^(name|title|model)$/.test(word)),
        ),
    ) ?? null
  );
}

function findDatasetNamedField(context: QuestionContext): DatasetField | null {
  const datasetWords = phraseWords(context.dataset.name).join(' ');
  return (
    context.dataset.fields.find(
      (field) => field.type === 'string' && phraseWords(field.name).join(' ') === datasetWords,
    ) ?? null
  );
}

function findIdentityField(context: QuestionContext): DatasetField | null {
  return (
    context.dataset.fields.find(
      (field) =>
        field.type === 'string' &&
        !context.values[field.name] &&
        fieldPhrases(field).some((words) =>
          words.some((word) => /^(name|title|model)$/.test(word)),
        ),
    ) ?? null
  );
}

/**
 * The phrases naming a field: its name split into words, its label without unit, synonyms, and
 * its label and synonyms in other languages.
 */
export function fieldPhrases(field: DatasetField): string[][] {
  const translated = Object.values(field.translations ?? {}).flatMap((words) => [
    ...(words.label ? [words.label] : []),
    ...(words.synonyms ?? []),
  ]);
  const texts = [field.name, field.label, ...field.synonyms, ...translated];
  return texts.map(phraseWords).filter((words) => words.length > 0);
}

function buildLexicon(context: QuestionContext): Lexicon {
  const phrases = new Map<string, Phrase>();
  const add = (words: string[], meaning: PhraseMeaning) => {
    if (words.length === 0) return;
    const key = words.join(' ');
    const phrase = phrases.get(key) ?? { words, meanings: [] };
    const same = phrase.meanings.find((existing) => sameKind(existing, meaning));
    if (same && same.kind !== 'keyword' && same.kind !== 'rows' && 'fields' in meaning) {
      for (const field of meaning.fields) if (!same.fields.includes(field)) same.fields.push(field);
    } else if (!same) {
      phrase.meanings.push(meaning);
    }
    phrases.set(key, phrase);
  };

  for (const [texts, meaning] of KEYWORDS) {
    for (const text of texts)
      add(phraseWords(text).length ? phraseWords(text) : [text], { kind: 'keyword', meaning });
  }
  for (const noun of ROW_NOUNS) add(phraseWords(noun), { kind: 'rows' });

  const partials = new Map<string, DatasetField[]>();
  for (const field of context.dataset.fields) {
    for (const words of fieldPhrases(field)) {
      add(words, { kind: 'field', fields: [field] });
      // "of books" beside a `Book_ID`: a word of an identifier's name alone is not the id
      if (words.length < 2 || isIdentifier(field)) continue;
      for (const word of words) {
        if (PLAIN_WORDS.has(word) || STOPWORDS.has(word)) continue;
        const fields = partials.get(word) ?? [];
        if (!fields.includes(field)) fields.push(field);
        partials.set(word, fields);
      }
    }
  }
  for (const [fieldName, values] of Object.entries(context.values)) {
    const field = context.dataset.fields.find((candidate) => candidate.name === fieldName);
    if (!field) continue;
    for (const value of values) add(phraseWords(value), { kind: 'value', fields: [field], value });
  }
  addDerivedPhrases(context, phrases, add);
  addDatasetName(context.dataset.name, phrases, add);

  const identityField = findIdentityField(context);
  const byFirstWord = new Map<string, Phrase[]>();
  for (const phrase of phrases.values()) {
    const list = byFirstWord.get(phrase.words[0]) ?? [];
    list.push(phrase);
    byFirstWord.set(phrase.words[0], list);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);

  const fuzzyTargets = new Set<string>(partials.keys());
  for (const phrase of phrases.values()) {
    const named = phrase.meanings.some(
      (meaning) => meaning.kind === 'field' || meaning.kind === 'value',
    );
    if (named && phrase.words.length === 1 && phrase.words[0].length >= 4)
      fuzzyTargets.add(phrase.words[0]);
  }
  for (const word of partials.keys()) if (word.length < 4) fuzzyTargets.delete(word);

  return {
    byFirstWord,
    partials,
    fuzzyTargets: [...fuzzyTargets],
    abbreviations: abbreviationsOf(context.dataset.fields),
    fieldWords: ownWordsOf(context.dataset.fields),
    twoWordFields: context.dataset.fields.flatMap((field) =>
      fieldPhrases(field)
        .filter((words) => words.length === 2)
        .map((words) => ({ words, field })),
    ),
    valueWords: valueWordsOf(context),
    categoryFields: context.dataset.fields.filter(
      (field) =>
        field.type === 'string' &&
        context.values[field.name] !== undefined &&
        field !== identityField,
    ),
    timeField: findTimeField(context.dataset.fields),
    identityField,
    monthField: findMonthField(context),
    datasetNamedField: findDatasetNamedField(context),
    identifiedNouns: identifiedNounsOf(context.dataset.fields),
    namingField: identityField ?? findNamingField(context.dataset.fields),
  };
}

function abbreviationsOf(fields: DatasetField[]): string[] {
  const words = new Set<string>();
  for (const field of fields) {
    for (const phrase of fieldPhrases(field)) {
      for (const word of phrase) if (word.length >= 4 && /^[a-z]+$/.test(word)) words.add(word);
    }
  }
  return [...words];
}

function valueWordsOf(context: QuestionContext): Map<string, DatasetField[]> {
  const words = new Map<string, DatasetField[]>();
  for (const field of context.dataset.fields) {
    for (const value of context.values[field.name] ?? []) {
      for (const word of phraseWords(value)) {
        const owners = words.get(word) ?? [];
        if (!owners.includes(field)) owners.push(field);
        words.set(word, owners);
      }
    }
  }
  return words;
}

function ownWordsOf(fields: DatasetField[]): Map<string, DatasetField[]> {
  const words = new Map<string, DatasetField[]>();
  for (const field of fields) {
    for (const word of fieldPhrases(field).flat()) {
      if (PLAIN_WORDS.has(word) || STOPWORDS.has(word) || !/^[a-z]+$/.test(word)) continue;
      const owners = words.get(word) ?? [];
      if (!owners.includes(field)) owners.push(field);
      words.set(word, owners);
    }
  }
  return words;
}

/** Everyday words for fields, where no field, keyword or row noun already has the phrase. */
function addDerivedPhrases(
  context: QuestionContext,
  phrases: Map<string, Phrase>,
  add: (words: string[], meaning: PhraseMeaning) => void,
): void {
  const taken = (words: string[]) =>
    phrases
      .get(words.join(' '))
      ?.meanings.some((meaning) => meaning.kind !== 'value' && !isSynonym(meaning)) ?? false;
  const plain = (words: string[]) =>
    words.length === 1 && (STOPWORDS.has(words[0]) || PLAIN_WORDS.has(words[0]));
  for (const field of context.dataset.fields) {
    const own = fieldPhrases(field);
    for (const words of derivedPhrases(field, own, context.values[field.name])) {
      if (taken(words) || plain(words)) continue;
      add(words, { kind: 'field', fields: [field], synonym: true });
    }
  }
}

/**
 * The dataset's name counts its rows ("how many cars"), and so does each of its words of three
 * letters or more ("strikes" of Bird strikes, "orders" beside `Order Date`), unless a field
 * keeps the phrase: a field's own name ("total population" of a table named Population sums
 * its `people`) or an everyday synonym of a field that is not an identifier ("by stock" in a
 * table named Stocks groups by `symbol`; "people" of a People table over a `People_ID` are rows).
 */
function addDatasetName(
  name: string,
  phrases: Map<string, Phrase>,
  add: (words: string[], meaning: PhraseMeaning) => void,
): void {
  const keptBy = (phrase: string[], byKeyword: boolean) =>
    phrases
      .get(phrase.join(' '))
      ?.meanings.some(
        (meaning) =>
          (byKeyword && meaning.kind === 'keyword') ||
          meaning.kind === 'value' ||
          (meaning.kind === 'field' &&
            (!meaning.synonym || meaning.fields.some((field) => !isIdentifier(field)))),
      ) ?? false;
  const words = phraseWords(name);
  if (!keptBy(words, false)) add(words, { kind: 'rows' });
  if (words.length < 2) return;
  for (const word of words) {
    if (word.length < 3 || STOPWORDS.has(word) || PLAIN_WORDS.has(word)) continue;
    if (!keptBy([word], true)) add([word], { kind: 'rows' });
  }
}

/** "order" of `Order ID`, "customer" of `customer_id`, with the field that names each one. */
function identifiedNounsOf(fields: DatasetField[]): Map<string, DatasetField> {
  const nouns = new Map<string, DatasetField>();
  for (const identifier of fields.filter(isIdentifier)) {
    const words = phraseWords(identifier.name);
    if (words.length !== 2 || STOPWORDS.has(words[0]) || nouns.has(words[0])) continue;
    const naming = fields.find(
      (field) =>
        field.type === 'string' &&
        !isIdentifier(field) &&
        fieldPhrases(field).some(
          (phrase) => phrase.includes(words[0]) && phrase.some((word) => NAMING_WORDS.has(word)),
        ),
    );
    nouns.set(words[0], naming ?? identifier);
  }
  return nouns;
}

const NAMING_WORDS = new Set(['name', 'title']);

const IDENTIFIER_LAST_WORDS = new Set(['id', 'ids', 'key', 'code', 'no', 'nr', 'num']);

/** A field named as an identifier: `People_ID`, `EmployeeId`, `role_code`. */
export function isIdentifier(field: DatasetField): boolean {
  return IDENTIFIER_LAST_WORDS.has(phraseWords(field.name).at(-1) ?? '');
}

function isSynonym(meaning: PhraseMeaning): boolean {
  return meaning.kind === 'field' && meaning.synonym === true;
}

function sameKind(a: PhraseMeaning, b: PhraseMeaning): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'keyword' && b.kind === 'keyword') return a.meaning === b.meaning;
  if (a.kind === 'value' && b.kind === 'value') return a.value === b.value;
  return true;
}
