import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../../../common/languages';
import { en } from '../../../../src/ui/i18n/en';
import { hasLanguagePack } from '../../../../src/ui/i18n/languagePacks';

// Every language's messages (src/ui/i18n/<code>.ts, exporting `<code>`: fr, de, es, ptBR, ar,
// he) have exactly English's keys, no empty text, the same %{placeholders}, and the web app
// loads them. A language whose file is not written yet is listed as missing, not failed.

type Tree = { [key: string]: Tree | string };

/** "a.b.c" -> text, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

/** The distinct placeholders of a message (a plural form may leave one out, so: all forms). */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** The module name of a language: its code without the dash (pt-BR -> ptBR). */
const moduleName = (code: LanguageCode) => code.replace('-', '');

const TRANSLATED = LANGUAGES.filter(
  ({ code }) => code !== 'en' && existsSync(`src/ui/i18n/${moduleName(code)}.ts`),
);
const english = leaves(en as unknown as Tree);

describe('message keys', () => {
  it('has at least French', () => {
    expect(TRANSLATED.map(({ code }) => code)).toContain('fr');
  });

  describe.each(TRANSLATED)('$name ($code)', ({ code }) => {
    const load = async () => {
      const module = (await import(`../../../../src/ui/i18n/${moduleName(code)}.ts`)) as Record<
        string,
        Tree
      >;
      return leaves(module[moduleName(code)]!);
    };

    it("has exactly English's keys, none empty", async () => {
      const messages = await load();
      const missing = [...english.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !english.has(key));
      const empty = [...messages].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
    });

    it("keeps English's %{placeholders} in every message", async () => {
      const messages = await load();
      const differing = [...english]
        .filter(([key, text]) => {
          const translated = messages.get(key);
          return (
            translated !== undefined &&
            placeholders(translated).join() !== placeholders(text).join()
          );
        })
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });

    it('is loaded by the web app', () => {
      expect(hasLanguagePack(code)).toBe(true);
    });
  });
});
