import type { LanguageRecipe } from './languages/recipe';
import type { Lexicon } from './lexicon';
import { MONTHS } from './vocabulary';
import { foldWord, normalizeWord, tokenize, type Word } from './words';

// A question in another language, read in the parser's own: each phrase of the language's
// recipe becomes its English phrase, longest first, except where the dataset's own fields or
// values are named (a field labelled "Año" stays a field, not "year"). Month and number words
// become English months and numbers, stop words go, and a word whose other form names a field
// ("países" beside "País") takes that form.

const ENGLISH_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

interface RecipePhrase {
  words: string[];
  english: Word[];
}

interface RecipeIndex {
  byFirstWord: Map<string, RecipePhrase[]>;
  /** single words the recipe knows: halves of compounds */
  known: Set<string>;
  stopWords: Set<string>;
  numbers: Map<string, number>;
}

const indexes = new WeakMap<LanguageRecipe, RecipeIndex>();

export function translateQuestion(words: Word[], recipe: LanguageRecipe, lexicon: Lexicon): Word[] {
  if (recipe.code === 'en') return words;
  const index = indexOf(recipe);
  const prepared = words.flatMap((word) => prepared1(word, recipe, index, lexicon));
  const out: Word[] = [];
  /** where the field phrase just emitted starts in `out` (-1: the last words were not one) */
  let fieldStart = -1;
  let at = 0;
  while (at < prepared.length) {
    const word = prepared[at];
    const fieldLength = fieldPhraseLength(prepared, at, lexicon);
    const phrase = word.kind === 'word' ? recipePhraseAt(prepared, at, index) : null;
    if (phrase && phrase.words.length > fieldLength) {
      if (fieldStart >= 0 && isSuperlative(phrase)) {
        // "le poids le plus élevé", "el coste más alto": English puts the superlative first
        out.splice(fieldStart, 0, ...phrase.english);
      } else {
        for (const english of phrase.english) emit(out, english, recipe);
      }
      fieldStart = -1;
      at += phrase.words.length;
    } else if (fieldLength > 0) {
      fieldStart = out.length;
      out.push(...prepared.slice(at, at + fieldLength));
      at += fieldLength;
    } else {
      const single = singleWord(word, index, lexicon, recipe);
      if (single) emit(out, single, recipe);
      // a stop word ("le" of "le poids le plus élevé") keeps the field phrase before it
      if (single) fieldStart = -1;
      at += 1;
    }
  }
  return withRankedCount(out);
}

function isSuperlative(phrase: RecipePhrase): boolean {
  return phrase.english.length === 1 && RANKS.has(phrase.english[0].norm);
}

const RANKS = new Map([
  ['highest', 'top'],
  ['lowest', 'bottom'],
]);
const RANK_WORDS = new Set(['top', 'bottom', 'first', 'last']);

/**
 * "les 10 métiers avec le pourcentage le plus élevé", "las 10 profesiones con mayor porcentaje":
 * a small count before a superlative is a top (or bottom) N, as English puts it.
 */
function withRankedCount(words: Word[]): Word[] {
  const at = words.findIndex(
    (word, index) =>
      word.kind === 'number' &&
      Number.isInteger(word.value) &&
      word.value! >= 1 &&
      word.value! <= 100 &&
      !RANK_WORDS.has(words[index - 1]?.norm ?? ''),
  );
  if (at < 0) return words;
  const rank = words.slice(at + 1).find((word) => RANKS.has(word.norm));
  if (!rank || words.slice(at + 1).some((word) => word.kind === 'number')) return words;
  return [...words.slice(0, at), englishWord(RANKS.get(rank.norm)!), ...words.slice(at)];
}

/** Elisions dropped ("l'année" -> "année") and compounds split ("Durchschnittsgewicht"). */
function prepared1(
  word: Word,
  recipe: LanguageRecipe,
  index: RecipeIndex,
  lexicon: Lexicon,
): Word[] {
  if (word.kind !== 'word') return [word];
  let current = word;
  if (recipe.elisions && recipe.elisions.test(current.raw)) {
    const raw = current.raw.replace(recipe.elisions, '');
    if (raw) current = { raw, norm: normalizeWord(raw), kind: 'word' };
  }
  if (recipe.compounds) return splitCompound(current, recipe, index, lexicon);
  return [current];
}

function isKnownWord(norm: string, index: RecipeIndex, lexicon: Lexicon): boolean {
  return index.known.has(norm) || lexicon.fieldWords.has(norm) || namesField(norm, lexicon);
}

function namesField(norm: string, lexicon: Lexicon): boolean {
  return (
    lexicon.byFirstWord
      .get(norm)
      ?.some(
        (phrase) =>
          phrase.words.length === 1 &&
          phrase.meanings.some((meaning) => meaning.kind !== 'keyword'),
      ) ?? false
  );
}

/** A word's form that the recipe or the dataset knows, the word itself first. */
function knownForm(raw: string, recipe: LanguageRecipe, index: RecipeIndex, lexicon: Lexicon) {
  for (const form of [raw, ...recipe.forms(foldWord(raw))]) {
    const norm = normalizeWord(form);
    if (isKnownWord(norm, index, lexicon)) return norm;
  }
  return null;
}

const LINKS = ['', 's', 'es', 'n', 'en', 'e'];
const MIN_PART = 3;

/** "Durchschnittsgewicht" -> "Durchschnitt" "Gewicht" when both halves are known words. */
function splitCompound(
  word: Word,
  recipe: LanguageRecipe,
  index: RecipeIndex,
  lexicon: Lexicon,
): Word[] {
  const folded = foldWord(word.raw);
  if (folded.length < 2 * MIN_PART + 1 || knownForm(word.raw, recipe, index, lexicon))
    return [word];
  for (let cut = folded.length - MIN_PART; cut >= MIN_PART; cut -= 1) {
    const right = knownForm(folded.slice(cut), recipe, index, lexicon);
    if (!right) continue;
    for (const link of LINKS) {
      const leftRaw = folded.slice(0, cut);
      if (!leftRaw.endsWith(link) || leftRaw.length - link.length < MIN_PART) continue;
      const left = knownForm(
        leftRaw.slice(0, leftRaw.length - link.length),
        recipe,
        index,
        lexicon,
      );
      if (!left) continue;
      return [
        { raw: left, norm: left, kind: 'word' },
        { raw: right, norm: right, kind: 'word' },
      ];
    }
  }
  return [word];
}

/** How many words from `at` name a field, a value or the rows of the dataset (0 when none). */
function fieldPhraseLength(words: Word[], at: number, lexicon: Lexicon): number {
  if (words[at].kind !== 'word') return 0;
  for (const phrase of lexicon.byFirstWord.get(words[at].norm) ?? []) {
    if (!phrase.meanings.some((meaning) => meaning.kind !== 'keyword')) continue;
    const matches = phrase.words.every((norm, offset) => words[at + offset]?.norm === norm);
    if (matches) return phrase.words.length;
  }
  return 0;
}

function recipePhraseAt(words: Word[], at: number, index: RecipeIndex): RecipePhrase | null {
  for (const phrase of index.byFirstWord.get(words[at].norm) ?? []) {
    const matches = phrase.words.every((norm, offset) => words[at + offset]?.norm === norm);
    if (matches) return phrase;
  }
  return null;
}

/** A word no phrase starts at: a month, a day, a number word, a stop word, another form. */
function singleWord(
  word: Word,
  index: RecipeIndex,
  lexicon: Lexicon,
  recipe: LanguageRecipe,
): Word | null {
  if (word.kind !== 'word') return word;
  const month = recipe.months.findIndex((names) =>
    names.some((name) => foldWord(name) === foldWord(word.raw)),
  );
  if (month >= 0) return englishWord(MONTHS[month]);
  const day = recipe.days.findIndex((names) =>
    names.some((name) => foldWord(name) === foldWord(word.raw)),
  );
  if (day >= 0) return englishWord(ENGLISH_DAYS[day]);
  const number = index.numbers.get(foldWord(word.raw));
  if (number !== undefined)
    return { raw: word.raw, norm: String(number), kind: 'number', value: number };
  if (index.stopWords.has(foldWord(word.raw)) || index.stopWords.has(word.norm)) return null;
  const form = knownForm(word.raw, recipe, index, lexicon);
  return form && form !== word.norm ? { ...word, norm: form } : word;
}

/** Adds a word; "5 premiers" (5 top) is turned to "top 5", as English says it. */
function emit(out: Word[], word: Word, recipe: LanguageRecipe): void {
  const previous = out.at(-1);
  const after = word.kind === 'word' ? recipe.afterNumber?.[word.norm] : undefined;
  if (previous?.kind === 'number' && after) {
    out.splice(out.length - 1, 0, englishWord(after));
    return;
  }
  out.push(word);
}

function englishWord(text: string): Word {
  return tokenize(text)[0];
}

function indexOf(recipe: LanguageRecipe): RecipeIndex {
  let index = indexes.get(recipe);
  if (index) return index;
  const byFirstWord = new Map<string, RecipePhrase[]>();
  const known = new Set<string>();
  const normalize = (text: string) =>
    tokenize(text).map((word) =>
      word.kind === 'word' && recipe.elisions
        ? normalizeWord(word.raw.replace(recipe.elisions, '') || word.raw)
        : word.norm,
    );
  for (const [english, phrases] of Object.entries(recipe.phrases)) {
    const englishWords = tokenize(english);
    for (const text of phrases) {
      const words = normalize(text);
      if (words.length === 0) continue;
      if (words.length === 1) known.add(words[0]);
      const list = byFirstWord.get(words[0]) ?? [];
      list.push({ words, english: englishWords });
      byFirstWord.set(words[0], list);
    }
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  index = {
    byFirstWord,
    known,
    stopWords: new Set(recipe.stopWords.flatMap((word) => [foldWord(word), normalizeWord(word)])),
    numbers: new Map(
      Object.entries(recipe.numbers).map(([word, value]) => [foldWord(word), value]),
    ),
  };
  indexes.set(recipe, index);
  return index;
}
