import type { LanguageRecipe } from './recipe';

// English: the parser's own language. Its phrases are the vocabulary (../vocabulary.ts), so the
// recipe only tells English questions from others.

export const en: LanguageRecipe = {
  code: 'en',
  detectionWords: `the of by per and show me what which how many is are for with from in on
    over each top average total number chart than between`.split(/\s+/),
  phrases: {},
  stopWords: [],
  months: [],
  days: [],
  numbers: {},
  forms: () => [],
};
