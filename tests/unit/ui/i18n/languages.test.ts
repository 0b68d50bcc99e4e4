import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  chooseLanguage,
  languageDirection,
  matchLanguage,
} from '../../../../common/languages';

// The shared list of languages and who chooses one: the user, the account, the browser.

describe('languages', () => {
  it('lists English, French, German, Spanish, Portuguese (Brazil), Arabic and Hebrew', () => {
    expect(LANGUAGES.map((language) => language.code)).toEqual([
      'en',
      'fr',
      'de',
      'es',
      'pt-BR',
      'ar',
      'he',
    ]);
  });

  it('writes Arabic and Hebrew right to left, the others left to right', () => {
    expect(
      LANGUAGES.filter(({ code }) => languageDirection(code) === 'rtl').map((l) => l.code),
    ).toEqual(['ar', 'he']);
  });

  it("matches a browser's preferred languages: exact tag, then the same language", () => {
    expect(matchLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(matchLanguage(['pt-PT'])).toBe('pt-BR');
    expect(matchLanguage(['pt-br'])).toBe('pt-BR');
    expect(matchLanguage(['ja', 'de-AT'])).toBe('de');
    expect(matchLanguage(['ja', 'zh-CN'])).toBeNull();
    expect(matchLanguage([])).toBeNull();
  });

  it("takes the user's choice, else the account's, else the browser's, else English", () => {
    const browser = ['es-MX'];
    expect(chooseLanguage({ user: 'he', account: 'fr', browser })).toBe('he');
    expect(chooseLanguage({ user: null, account: 'fr', browser })).toBe('fr');
    expect(chooseLanguage({ user: null, account: null, browser })).toBe('es');
    expect(chooseLanguage({ browser: ['ja'] })).toBe('en');
  });
});
