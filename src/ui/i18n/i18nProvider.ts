import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { LANGUAGES, isLanguageCode, DEFAULT_LANGUAGE } from '../../../common/languages';
import { ENGLISH_PACK, loadLanguagePack } from './languagePacks';

// English is ready at once; another language's messages arrive with its pack (a chunk of its
// own) when react-admin changes the locale (see LanguageProvider, which decides the locale).

const polyglot = polyglotI18nProvider(
  (locale) =>
    locale === DEFAULT_LANGUAGE || !isLanguageCode(locale)
      ? ENGLISH_PACK.messages
      : loadLanguagePack(locale).then((pack) => pack.messages),
  DEFAULT_LANGUAGE,
  LANGUAGES.map(({ code, name }) => ({ locale: code, name })),
);

/** Each change of language, counted: only the latest one may land. */
let changes = 0;

export const i18nProvider: I18nProvider = {
  ...polyglot,
  // polyglot applies a language when its messages arrive: a slow pack asked first would land
  // after a quick one asked later. Its pack is fetched first here, and only the latest applied.
  async changeLocale(locale, options) {
    const change = ++changes;
    if (locale !== DEFAULT_LANGUAGE && isLanguageCode(locale)) await loadLanguagePack(locale);
    if (change === changes) await polyglot.changeLocale(locale, options);
  },
};

/** Translation outside React (providers), e.g. an error message handed to react-admin. */
export function translateText(key: string, options?: Record<string, unknown>): string {
  return i18nProvider.translate(key, options);
}
