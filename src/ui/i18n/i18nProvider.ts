import polyglotI18nProvider from 'ra-i18n-polyglot';
import { LANGUAGES, isLanguageCode, DEFAULT_LANGUAGE } from '../../../common/languages';
import { ENGLISH_PACK, loadLanguagePack } from './languagePacks';

// English is ready at once; another language's messages arrive with its pack (a chunk of its
// own) when react-admin changes the locale (see LanguageProvider, which decides the locale).

export const i18nProvider = polyglotI18nProvider(
  (locale) =>
    locale === DEFAULT_LANGUAGE || !isLanguageCode(locale)
      ? ENGLISH_PACK.messages
      : loadLanguagePack(locale).then((pack) => pack.messages),
  DEFAULT_LANGUAGE,
  LANGUAGES.map(({ code, name }) => ({ locale: code, name })),
);

/** Translation outside React (providers), e.g. an error message handed to react-admin. */
export function translateText(key: string, options?: Record<string, unknown>): string {
  return i18nProvider.translate(key, options);
}
