import { describe, expect, it } from 'vitest';
import {
  candidateFormats,
  chooseNumberFormat,
  prefersDecimalComma,
} from '../../../../server/engines/duckdb/textNumbers';

// Choosing how a text column writes its numbers: by the whole sample, the file's delimiter
// deciding only between conventions that read it equally well.

const detect = (values: string[], preferDecimalComma = false, choice = {}) =>
  chooseNumberFormat(values, candidateFormats(choice, preferDecimalComma));

describe('detecting the separators of numbers written as text', () => {
  it('reads decimal commas with dots, spaces or apostrophes between thousands', () => {
    expect(detect(['1.207,84', '209,30', '12,00'])).toEqual({ decimal: ',', thousands: '.' });
    expect(detect(['1 207,84', '209,30'])).toEqual({ decimal: ',', thousands: ' ' });
    expect(detect(['1\u202f207,84', '-209,3'])).toEqual({ decimal: ',', thousands: ' ' });
    expect(detect(["12'500.75", '99.5'])).toEqual({ decimal: '.', thousands: "'" });
  });

  it('decides "1,234" by the whole column, then by the file', () => {
    expect(detect(['1,234', '12,5'])?.decimal).toBe(',');
    expect(detect(['1,234', '1,234,567'])).toEqual({ decimal: '.', thousands: ',' });
    expect(detect(['1,234', '5,678'])).toEqual({ decimal: '.', thousands: ',' });
    expect(detect(['1,234', '5,678'], true)).toEqual({ decimal: ',', thousands: '.' });
  });

  it('follows the separators the upload names', () => {
    expect(detect(['1,234', '5,678'], false, { decimal: ',' })?.decimal).toBe(',');
    expect(detect(['1.500', '3'], false, { thousands: '.' })).toEqual({
      decimal: ',',
      thousands: '.',
    });
    expect(detect(['1.207,84'], false, { decimal: '.' })).toBeNull();
  });

  it('leaves text that is not numbers, or bare digits (codes), as it is', () => {
    expect(detect(['209,30', 'n/a', 'unknown'])).toBeNull();
    expect(detect(['007', '012'])).toBeNull();
    expect(detect(['30.12.2017', '31.12.2017'])).toBeNull();
    expect(detect(['+33 1 23 45 67'])).toBeNull();
    expect(detect([])).toBeNull();
  });

  it('takes one unreadable value in twenty', () => {
    const values = [...Array.from({ length: 19 }, (_, i) => `${i},5`), 'n/a'];
    expect(detect(values)?.decimal).toBe(',');
    expect(detect([...values, 'n/a'])).toBeNull();
  });

  it('hints decimal commas in ;-separated files unless the upload says otherwise', () => {
    expect(prefersDecimalComma({}, ';')).toBe(true);
    expect(prefersDecimalComma({}, ',')).toBe(false);
    expect(prefersDecimalComma({ decimal: '.' }, ';')).toBe(false);
    expect(prefersDecimalComma({ thousands: '.' }, ',')).toBe(true);
  });
});
