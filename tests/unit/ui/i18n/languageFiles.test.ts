import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/ui/i18n/en';
import type { Messages } from '../../../../src/ui/i18n/messages';
import { de } from '../../../../src/ui/i18n/de';
import { es } from '../../../../src/ui/i18n/es';
import { ptBR } from '../../../../src/ui/i18n/ptBR';
import { ar } from '../../../../src/ui/i18n/ar';
import { he } from '../../../../src/ui/i18n/he';

// Each language file beside the polyglot locale its plural forms are chosen by.
const languages: { name: string; locale: string; messages: Messages }[] = [
  { name: 'de', locale: 'de', messages: de },
  { name: 'es', locale: 'es', messages: es },
  { name: 'ptBR', locale: 'pt-BR', messages: ptBR },
  { name: 'ar', locale: 'ar', messages: ar },
  { name: 'he', locale: 'he', messages: he },
];

type Tree = { [key: string]: unknown };

/** Every leaf of a message tree as [dotted key path, text]. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null
      ? leaves(value as Tree, path)
      : [[path, value] as [string, unknown]];
  });
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();
}

function pluralForms(text: string): number {
  return text.split('||||').length;
}

/** How many plural forms polyglot picks from for a locale: the highest form it chooses, plus one. */
function pluralFormsOf(locale: string): number {
  const forms = Array.from({ length: 10 }, (_, index) => `form${index}`);
  const provider = polyglotI18nProvider(
    () => ({ probe: forms.join(' |||| ') }) as unknown as TranslationMessages,
    locale,
  );
  let highest = 0;
  for (let count = 0; count <= 1000; count += 1) {
    const chosen = Number(provider.translate('probe', { smart_count: count }).slice(4));
    highest = Math.max(highest, chosen);
  }
  return highest + 1;
}

const english = new Map(leaves(en as unknown as Tree));

describe.each(languages)('the $name messages', ({ locale, messages }) => {
  const translated = new Map(leaves(messages as unknown as Tree));

  it('have every key of English and no other', () => {
    expect([...translated.keys()]).toEqual([...english.keys()]);
  });

  it('have a non-empty text for every key', () => {
    const empty = [...translated].filter(
      ([, text]) => typeof text !== 'string' || text.trim() === '',
    );
    expect(empty).toEqual([]);
  });

  it('keep every %{placeholder} of the English text', () => {
    const missing = [...english]
      .map(([path, text]) => ({
        path,
        lost: placeholders(String(text)).filter(
          (name) => !placeholders(String(translated.get(path))).includes(name),
        ),
      }))
      .filter(({ lost }) => lost.length > 0);
    expect(missing).toEqual([]);
  });

  it('give as many plural forms as polyglot chooses from in this language', () => {
    const forms = pluralFormsOf(locale);
    const wrong = [...english]
      .filter(([, text]) => pluralForms(String(text)) > 1)
      .map(([path]) => ({ path, forms: pluralForms(String(translated.get(path))) }))
      .filter((entry) => entry.forms !== forms);
    expect(wrong).toEqual([]);
    const unexpected = [...english]
      .filter(([, text]) => pluralForms(String(text)) === 1)
      .map(([path]) => path)
      .filter((path) => pluralForms(String(translated.get(path))) > 1);
    expect(unexpected).toEqual([]);
  });
});

describe('polyglot plural forms', () => {
  it('are two for German, Spanish, Portuguese and Hebrew and six for Arabic', () => {
    expect(['de', 'es', 'pt-BR', 'he', 'ar'].map(pluralFormsOf)).toEqual([2, 2, 2, 2, 6]);
  });
});

describe('Arabic plural forms through polyglot', () => {
  const provider = polyglotI18nProvider(() => ar as unknown as TranslationMessages, 'ar');

  it('name a section in the plural for react-admin’s count of 2, in the singular for 1', () => {
    expect(provider.translate('resources.dashboards.name', { smart_count: 2 })).toBe(
      'لوحات المعلومات',
    );
    expect(provider.translate('resources.dashboards.name', { smart_count: 1 })).toBe(
      'لوحة المعلومات',
    );
  });

  it('agree a count with its noun: one, two (dual), 3–10 (plural), 11–99 and 100+ (singular)', () => {
    const deleted = (count: number) =>
      provider.translate('resources.dashboards.notifications.deleted', { smart_count: count });
    expect([1, 2, 5, 11, 100].map(deleted)).toEqual([
      'تم حذف لوحة المعلومات',
      'تم حذف لوحتَي معلومات',
      'تم حذف 5 لوحات معلومات',
      'تم حذف 11 لوحة معلومات',
      'تم حذف 100 لوحة معلومات',
    ]);
  });
});
