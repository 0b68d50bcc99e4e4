import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { translated, type Translations } from '../../../common/contentTranslations';

/**
 * The language content is shown in: react-admin's current locale (the i18n framework sets it
 * from the user's, the tenant's or the browser's language). The one place to point elsewhere.
 */
export function useContentLanguage(): string {
  const [locale] = useLocaleState();
  return locale;
}

/** `object` with its texts in the content language, falling back to them as written. */
export function useTranslated<T extends { translations?: Translations | null }>(object: T): T;
export function useTranslated<T extends { translations?: Translations | null }>(
  object: T | undefined,
): T | undefined;
export function useTranslated<T extends { translations?: Translations | null }>(
  object: T | undefined,
): T | undefined {
  const language = useContentLanguage();
  return useMemo(() => (object ? translated(object, language) : object), [object, language]);
}
