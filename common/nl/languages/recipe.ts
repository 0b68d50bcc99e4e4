// What the parser needs to know of one language: a recipe. English is the parser's own
// language (vocabulary.ts); a recipe of another language says which of its phrases stand for
// which English phrase of that vocabulary, so every rule of the parser works on its questions.
// Adding a language is one file of this shape, listed in ./index.ts.

export interface LanguageRecipe {
  /** ISO 639-1 code, as the user's language is given (fr, de, es) */
  code: string;
  /** frequent words of the language that tell it from the others (articles, prepositions) */
  detectionWords: string[];
  /**
   * English phrase of the vocabulary -> the phrases of this language meaning it. Phrases are
   * compared folded (lower case, no diacritics, singular), longest first.
   */
  phrases: Record<string, string[]>;
  /** words dropped: articles, "show me", "chart" alone... */
  stopWords: string[];
  /** January to December, each with its short forms */
  months: string[][];
  /** Monday to Sunday */
  days: string[][];
  /** number words up to the few a question uses ("the five largest") */
  numbers: Record<string, number>;
  /**
   * a word's other forms (plural, singular, oblique): tried when the word as typed names no
   * field or keyword ("países" for a field labelled "País")
   */
  forms: (word: string) => string[];
  /** elided articles glued to a word ("l'année", "d'origine"), dropped */
  elisions?: RegExp;
  /** German-style compounds: a word made of two known words is read as both */
  compounds?: boolean;
  /**
   * English words that, right after a number, mean something else: "5 premiers" (top 5),
   * "10 derniers" (bottom 10)
   */
  afterNumber?: Record<string, string>;
}
