import { describe, expect, it } from 'vitest';
import { niceBinWidth } from '../../../../common/nl/defaults';
import { withinOneEdit } from '../../../../common/nl/editDistance';
import { parseNumber, tokenize } from '../../../../common/nl/words';

// The parser's small parts: misspellings, bin widths, numbers and words.

describe('withinOneEdit', () => {
  it.each([
    ['accelaration', 'acceleration'],
    ['cyclinder', 'cylinder'],
    ['orign', 'origin'],
    ['dealy', 'delay'],
    ['delay', 'delay'],
  ])('%s is one edit from %s', (a, b) => expect(withinOneEdit(a, b)).toBe(true));

  it.each([
    ['dealyy', 'delay'],
    ['horse', 'horsepower'],
    ['gross', 'grass s'],
  ])('%s is more than one edit from %s', (a, b) => expect(withinOneEdit(a, b)).toBe(false));
});

describe('niceBinWidth', () => {
  it('picks about twenty bins of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceBinWidth({ min: 9, max: 46.6 })).toBe(2);
    expect(niceBinWidth({ min: 0, max: 55.9 })).toBe(5);
    expect(niceBinWidth({ min: 3, max: 8 })).toBe(0.25);
    expect(niceBinWidth({ min: 0, max: 2_770_000_000 })).toBe(200_000_000);
    expect(niceBinWidth({ min: 0, max: 45 })).toBe(2.5);
    expect(niceBinWidth(undefined)).toBe(1);
  });
});

describe('words', () => {
  it('reads numbers as people type them', () => {
    expect(parseNumber('200M')).toBe(200_000_000);
    expect(parseNumber('$1,500')).toBe(1500);
    expect(parseNumber('2.5k')).toBe(2500);
    expect(parseNumber('ten')).toBeNull();
  });

  it('splits names and keeps dates whole', () => {
    expect(tokenize('temp_max since 2000/1/1 by releaseDate').map((word) => word.norm)).toEqual([
      'temp',
      'max',
      'since',
      '2000-01-01',
      'by',
      'release',
      'date',
    ]);
  });
});
