// The languages Brandboard speaks: one list for the server (company profile, users, e-mails)
// and the web app (its messages, react-admin's, MUI's, Intl formats). `direction` is the
// writing direction: a right-to-left language turns the layout right-to-left on its own.

export const LANGUAGES = [
  { code: 'en', name: 'English', direction: 'ltr' },
  { code: 'fr', name: 'Français', direction: 'ltr' },
  { code: 'de', name: 'Deutsch', direction: 'ltr' },
  { code: 'es', name: 'Español', direction: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', direction: 'ltr' },
  { code: 'ar', name: 'العربية', direction: 'rtl' },
  { code: 'he', name: 'עברית', direction: 'rtl' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [
  LanguageCode,
  ...LanguageCode[],
];

/** The language of everything no one chose a language for. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGE_CODES.includes(value as LanguageCode);
}

export function languageDirection(code: LanguageCode): TextDirection {
  return LANGUAGES.find((language) => language.code === code)?.direction ?? 'ltr';
}

/**
 * The first supported language among a browser's preferred ones (`navigator.languages`,
 * BCP 47 tags such as "fr-CA" or "pt"): exact tag first, then the same primary language
 * ("fr-CA" -> fr, "pt-PT" -> pt-BR). Null when none is supported.
 */
export function matchLanguage(preferred: readonly string[]): LanguageCode | null {
  for (const tag of preferred) {
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const primary = tag.split('-')[0]!.toLowerCase();
    const sameLanguage = LANGUAGE_CODES.find(
      (code) => code.split('-')[0]!.toLowerCase() === primary,
    );
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/**
 * Whose language a page speaks: the signed-in user's own choice, else the account's default,
 * else the browser's first supported language, else English.
 */
export function chooseLanguage(choices: {
  user?: LanguageCode | null;
  account?: LanguageCode | null;
  browser?: readonly string[];
}): LanguageCode {
  return (
    choices.user ?? choices.account ?? matchLanguage(choices.browser ?? []) ?? DEFAULT_LANGUAGE
  );
}
