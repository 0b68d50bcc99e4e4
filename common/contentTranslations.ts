import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

// Translations of content people write (dashboard and chart titles, dataset field labels,
// help articles, information pages): per language, the translated texts of some of the
// object's fields. A field without a translation shows the text as written.

/** The languages an editor is offered: the interface's. */
export const CONTENT_LANGUAGES: readonly string[] = LANGUAGE_CODES;

export const LANGUAGE_CODE_PATTERN = /^[a-z]{2}(-[A-Z]{2})?$/;
const MAX_LANGUAGES = 20;

/** Texts per language code: language -> field -> its translated text (fields may be absent). */
export type Translations = Record<string, Record<string, string>>;

/**
 * The wire schema of an object's `translations`: language code -> texts of `fields` (each at
 * most `maxLength[field]` characters; a blank one is dropped, as if untranslated).
 */
export function translationsSchema<Field extends string>(maxLength: Record<Field, number>) {
  const texts = Object.fromEntries(
    Object.entries<number>(maxLength).map(([field, max]) => [
      field,
      z
        .string()
        .trim()
        .max(max)
        .optional()
        .transform((text) => (text ? text : undefined)),
    ]),
  ) as unknown as Record<Field, z.ZodOptional<z.ZodString>>;
  return z
    .record(z.string(), z.looseObject(texts))
    .superRefine((record, context) => {
      const languages = Object.keys(record);
      // Named by their whole path (translations.fr.title), which a strict object's error is not.
      for (const [language, given] of Object.entries(record)) {
        for (const field of Object.keys(given).filter((key) => !(key in maxLength))) {
          context.addIssue({
            code: 'custom',
            path: [language, field],
            message: `is not translated here (only ${Object.keys(maxLength).join(', ')})`,
          });
        }
      }
      if (languages.length > MAX_LANGUAGES) {
        context.addIssue({
          code: 'custom',
          message: `must have at most ${MAX_LANGUAGES} languages`,
        });
      }
      for (const language of languages.filter((code) => !LANGUAGE_CODE_PATTERN.test(code))) {
        context.addIssue({
          code: 'custom',
          path: [language],
          message: 'must be a language code like fr or pt-BR',
        });
      }
    })
    .transform((record) => dropEmptyLanguages(record as Translations));
}

function dropEmptyLanguages(translations: Translations): Translations {
  const kept = Object.entries(translations).flatMap(([language, texts]) => {
    const present = Object.entries(texts).filter(([, text]) => typeof text === 'string' && text);
    return present.length > 0 ? [[language, Object.fromEntries(present)] as const] : [];
  });
  return Object.fromEntries(kept);
}

export const DASHBOARD_TRANSLATIONS = translationsSchema({ name: 200, description: 2000 });
export const CHART_TRANSLATIONS = translationsSchema({ name: 200, title: 200 });
export const FIELD_TRANSLATIONS = translationsSchema({ label: 200 });
export const DOCUMENT_TRANSLATIONS = translationsSchema({ title: 200, body: 100_000 });

/** The translated fields of each kind of object, in the editor's order. */
export const TRANSLATED_FIELDS = {
  dashboard: ['name', 'description'],
  chart: ['name', 'title'],
  field: ['label'],
  document: ['title', 'body'],
} as const;

/** The base language of `language` ('pt' of 'pt-BR'), or undefined when it has none. */
function baseLanguage(language: string): string | undefined {
  const dash = language.indexOf('-');
  return dash > 0 ? language.slice(0, dash) : undefined;
}

function textIn(
  translations: Translations,
  language: string | undefined,
  field: string,
): string | undefined {
  if (!language) return undefined;
  const exact = translations[language]?.[field];
  if (exact) return exact;
  const base = baseLanguage(language);
  return base ? translations[base]?.[field] : undefined;
}

/**
 * `object` with each translated field in `language` (or its base language), else in
 * `fallbackLanguage`, else as written. Fields the object lacks, and `translations`, are left.
 */
export function translated<T extends { translations?: Translations | null }>(
  object: T,
  language: string | undefined,
  fallbackLanguage?: string,
): T {
  const translations = object.translations;
  if (!translations) return object;
  const fields = new Set(Object.values(translations).flatMap((texts) => Object.keys(texts)));
  const result: Record<string, unknown> = { ...object };
  for (const field of fields) {
    if (typeof result[field] !== 'string') continue;
    const text =
      textIn(translations, language, field) ?? textIn(translations, fallbackLanguage, field);
    if (text) result[field] = text;
  }
  return result as T;
}

/** The languages of `languages` lacking a translation of one of `fields` (the editor's list). */
export function missingLanguages(
  translations: Translations | null | undefined,
  fields: readonly string[],
  languages: readonly string[] = CONTENT_LANGUAGES,
): string[] {
  return languages.filter((language) => fields.some((field) => !translations?.[language]?.[field]));
}

/** Reads a stored `translations_json` column; a missing or broken one is no translations. */
export function parseTranslations(json: string | null | undefined): Translations | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Translations)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The column value of `translations`: null when there are none. */
export function translationsColumn(translations: Translations | undefined): string | null {
  return translations && Object.keys(translations).length > 0 ? JSON.stringify(translations) : null;
}

/** `translations` as an API answers it (checked when written). */
export const TRANSLATIONS_ANSWER = z
  .record(z.string(), z.record(z.string(), z.string()))
  .describe('language code -> translated texts of the fields; a missing one shows as written');
