import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../../common/languages';
import { loadLanguagePack } from '../../../../src/ui/i18n/languagePacks';
import raAr from '../../../../src/ui/i18n/ra/ar';
import raDe from '../../../../src/ui/i18n/ra/de';
import raEs from '../../../../src/ui/i18n/ra/es';
import raHe from '../../../../src/ui/i18n/ra/he';
import raPtBR from '../../../../src/ui/i18n/ra/ptBR';

// Our react-admin (`ra.*`) messages for the languages whose npm packages are stale: each has
// exactly ra-language-english's keys, its %{placeholders}, and the plural forms polyglot picks
// from in that language; the web app loads them with the language.

const files: { code: LanguageCode; messages: TranslationMessages; save: string }[] = [
  { code: 'de', messages: raDe, save: 'Speichern' },
  { code: 'es', messages: raEs, save: 'Guardar' },
  { code: 'pt-BR', messages: raPtBR, save: 'Salvar' },
  { code: 'ar', messages: raAr, save: 'حفظ' },
  { code: 'he', messages: raHe, save: 'שמירה' },
];

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? [[path, value] as [string, string]]
      : leaves(value as Tree, path);
  });
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort().join();

const pluralForms = (text: string) => text.split('||||').length;

/** How many plural forms polyglot picks from for a locale: the highest form it chooses, plus one. */
function pluralFormsOf(locale: string): number {
  const forms = Array.from({ length: 10 }, (_, index) => `form${index}`);
  const provider = polyglotI18nProvider(
    () => ({ probe: forms.join(' |||| ') }) as unknown as TranslationMessages,
    locale,
  );
  let highest = 0;
  for (let count = 0; count <= 1000; count += 1) {
    highest = Math.max(
      highest,
      Number(provider.translate('probe', { smart_count: count }).slice(4)),
    );
  }
  return highest + 1;
}

const english = leaves(englishMessages as unknown as Tree);

describe.each(files)('react-admin messages in $code', ({ code, messages, save }) => {
  const translated = new Map(leaves(messages as unknown as Tree));

  it('have every key of ra-language-english, in its order, and no other', () => {
    expect([...translated.keys()]).toEqual(english.map(([path]) => path));
  });

  it('leave no text empty that English fills', () => {
    const empty = english
      .filter(([path, text]) => text.trim() !== '' && translated.get(path)?.trim() === '')
      .map(([path]) => path);
    expect(empty).toEqual([]);
  });

  it("keep English's %{placeholders}", () => {
    const differing = english
      .filter(([path, text]) => placeholders(translated.get(path) ?? '') !== placeholders(text))
      .map(([path]) => path);
    expect(differing).toEqual([]);
  });

  it('give as many plural forms as polyglot chooses from', () => {
    const forms = pluralFormsOf(code);
    const wrong = english
      .filter(
        ([path, text]) =>
          pluralForms(translated.get(path) ?? '') !== (pluralForms(text) > 1 ? forms : 1),
      )
      .map(([path]) => path);
    expect(wrong).toEqual([]);
  });

  it('are what the web app loads with the language, under our own messages', async () => {
    const pack = await loadLanguagePack(code);
    const ra = (pack.messages as unknown as { ra: { action: { save: string } } }).ra;
    expect(ra.action.save).toBe(save);
    expect(pack.mui.components?.MuiTablePagination).toBeDefined();
  });
});
