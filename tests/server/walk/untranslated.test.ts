import { describe, expect, it } from 'vitest';
import { rawKeysIn, RAW_KEY } from '../../../scripts/walk/untranslated';
import { VARIANTS } from '../../../scripts/walk/variants';

// The walk reports, for its variants in another language, the raw message keys a page shows.

describe('raw keys in a page’s text', () => {
  it('finds dotted message keys, each once', () => {
    expect(
      rawKeysIn([
        'dashboards.tile.menu',
        'Tableaux de bord',
        'app.menu.navigation',
        'dashboards.tile.menu',
      ]),
    ).toEqual(['dashboards.tile.menu', 'app.menu.navigation']);
  });

  it('leaves sentences, numbers, file and host names alone', () => {
    expect(
      rawKeysIn(['Fin.', '3.14', 'sales.csv', 'report.xlsx', 'acme.localhost', 'Open it. Now']),
    ).toEqual([]);
    expect(RAW_KEY.test('ra.action.save')).toBe(true);
    expect(RAW_KEY.test('Ra.action')).toBe(false);
  });

  it('is checked on the walk’s variants in another language', () => {
    expect(VARIANTS.filter((variant) => variant.accountLanguage).map((v) => v.name)).toEqual([
      'ar',
    ]);
  });
});
