// The question parser of AI charts: questions to chart specs, offline.
export * from './types';
export { parseQuestion } from './parse';
export { describeSpec } from './describe';
export { suggestCompletions } from './suggest';
export { exampleQuestions } from './examples';
export { detectLanguage, recipeOf, languageScores, QUESTION_LANGUAGES } from './languages';
