import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { en } from './en';

type Tree = { [key: string]: unknown };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge: our messages add to and override react-admin's English ones. */
function mergeMessages(base: Tree, extra: Tree): Tree {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    merged[key] = isTree(value) && isTree(base[key]) ? mergeMessages(base[key], value) : value;
  }
  return merged;
}

const englishAppMessages = mergeMessages(
  englishMessages as unknown as Tree,
  en as unknown as Tree,
) as unknown as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => englishAppMessages, 'en', [
  { locale: 'en', name: 'English' },
]);

/** Translation outside React (providers), e.g. an error message handed to react-admin. */
export function translateText(key: string, options?: Record<string, unknown>): string {
  return i18nProvider.translate(key, options);
}
