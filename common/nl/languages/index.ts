import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { LanguageRecipe } from './recipe';
import { foldWord } from '../words';
import { KEYWORDS, MONTHS, STOPWORDS } from '../vocabulary';

// The languages questions may be asked in: one recipe each. The question's language is the
// one given (the user's) unless its words are plainly of another; when none is given, the
// language whose frequent words it uses most (English on a tie).

export type { LanguageRecipe } from './recipe';

export const LANGUAGES: LanguageRecipe[] = [en, fr, de, es];

export const QUESTION_LANGUAGES = LANGUAGES.map((recipe) => recipe.code);

/** A language's own words: its frequent words, stop words and one-word phrases. */
function ownWords(recipe: LanguageRecipe): Set<string> {
  const phrases = Object.values(recipe.phrases).flat();
  const english =
    recipe.code === 'en'
      ? [...STOPWORDS, ...KEYWORDS.flatMap(([phrases]) => phrases), ...MONTHS]
      : [...recipe.months.flat(), ...recipe.days.flat(), ...Object.keys(recipe.numbers)];
  const words = [...recipe.detectionWords, ...recipe.stopWords, ...phrases, ...english].filter(
    (word) => !/\s/.test(word),
  );
  return new Set(words.map(foldWord));
}

const DETECTION = new Map(LANGUAGES.map((recipe) => [recipe.code, ownWords(recipe)]));

/** The recipe of a language code ("fr", "fr-CA", "pt-BR"); null when the parser lacks it. */
export function recipeOf(code: string | undefined): LanguageRecipe | null {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((recipe) => recipe.code === base) ?? null;
}

/** How many of the question's words are words of each language. */
export function languageScores(question: string): Map<string, number> {
  const words = question
    .replace(/[\u2019']/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map(foldWord);
  const scores = new Map<string, number>();
  for (const [code, frequent] of DETECTION) {
    scores.set(code, words.filter((word) => frequent.has(word)).length);
  }
  return scores;
}

/**
 * The language of a question: the language given, unless another scores at least two more of
 * its frequent words; else the best scoring one, English when none stands out.
 */
export function detectLanguage(question: string, given?: string): LanguageRecipe {
  const scores = languageScores(question);
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const givenRecipe = recipeOf(given);
  if (givenRecipe) {
    const givenScore = scores.get(givenRecipe.code) ?? 0;
    const [bestCode, bestScore] = ranked[0];
    return bestScore >= givenScore + 2 ? recipeOf(bestCode)! : givenRecipe;
  }
  const [[bestCode, bestScore], [, secondScore]] = ranked;
  return bestScore > secondScore
    ? recipeOf(bestCode)!
    : scores.get('en') === bestScore
      ? en
      : recipeOf(bestCode)!;
}
