import { describe, expect, it } from 'vitest';
import {
  CHART_TRANSLATIONS,
  DASHBOARD_TRANSLATIONS,
  missingLanguages,
  parseTranslations,
  translated,
  translationsColumn,
} from '../../../common/contentTranslations';

const dashboard = {
  id: 1,
  name: 'Sales',
  description: 'Monthly sales',
  translations: {
    fr: { name: 'Ventes', description: 'Ventes mensuelles' },
    pt: { name: 'Vendas' },
    de: { description: 'Monatlicher Umsatz' },
  },
};

describe('translated', () => {
  it('picks the texts of the language', () => {
    expect(translated(dashboard, 'fr')).toMatchObject({
      name: 'Ventes',
      description: 'Ventes mensuelles',
    });
  });

  it('falls back per field to the text as written', () => {
    expect(translated(dashboard, 'de')).toMatchObject({
      name: 'Sales',
      description: 'Monatlicher Umsatz',
    });
    expect(translated(dashboard, 'ja')).toMatchObject({
      name: 'Sales',
      description: 'Monthly sales',
    });
    expect(translated(dashboard, undefined)).toMatchObject({ name: 'Sales' });
  });

  it('uses the base language of a regional one, then the fallback language', () => {
    expect(translated(dashboard, 'pt-BR').name).toBe('Vendas');
    expect(translated(dashboard, 'es', 'fr').name).toBe('Ventes');
    expect(translated(dashboard, 'de', 'fr')).toMatchObject({
      name: 'Ventes',
      description: 'Monatlicher Umsatz',
    });
  });

  it('leaves an object without translations as it is', () => {
    const chart = { name: 'Revenue', translations: null };
    expect(translated(chart, 'fr')).toBe(chart);
  });

  it('does not add fields the object lacks', () => {
    const object = { title: 'Hi', translations: { fr: { title: 'Salut', body: 'Corps' } } };
    expect(translated(object, 'fr')).toEqual({ ...object, title: 'Salut' });
  });
});

describe('translations schema', () => {
  it('accepts language codes with their texts and drops blank ones', () => {
    const parsed = DASHBOARD_TRANSLATIONS.parse({
      fr: { name: ' Ventes ' },
      'pt-BR': { name: '', description: '  ' },
    });
    expect(parsed).toEqual({ fr: { name: 'Ventes' } });
  });

  it('names a bad language code', () => {
    const result = DASHBOARD_TRANSLATIONS.safeParse({ french: { name: 'Ventes' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['french'],
      message: expect.stringMatching(/language code/),
    });
  });

  it('refuses a field that is not translated and an overlong text', () => {
    const unknown = CHART_TRANSLATIONS.safeParse({ fr: { label: 'x' } });
    expect(unknown.success).toBe(false);
    const long = CHART_TRANSLATIONS.safeParse({ fr: { name: 'x'.repeat(201) } });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(['fr', 'name']);
  });

  it('refuses more than 20 languages', () => {
    const codes = Array.from({ length: 21 }, (_, i) => `a${String.fromCharCode(97 + i)}`);
    const many = Object.fromEntries(codes.map((code) => [code, { name: 'x' }]));
    expect(DASHBOARD_TRANSLATIONS.safeParse(many).success).toBe(false);
  });
});

describe('missing languages and the stored column', () => {
  it('lists languages lacking a field', () => {
    expect(missingLanguages(dashboard.translations, ['name'], ['fr', 'de', 'es'])).toEqual([
      'de',
      'es',
    ]);
    expect(missingLanguages(undefined, ['name'], ['fr'])).toEqual(['fr']);
  });

  it('round-trips through the column and reads a broken one as none', () => {
    expect(parseTranslations(translationsColumn(dashboard.translations))).toEqual(
      dashboard.translations,
    );
    expect(translationsColumn({})).toBeNull();
    expect(parseTranslations('not json')).toBeUndefined();
    expect(parseTranslations(null)).toBeUndefined();
  });
});
