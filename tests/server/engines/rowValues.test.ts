import { describe, expect, it } from 'vitest';
import { withoutRowValues } from '../../../server/engines/rowValues';

// Engine messages of failed casts and key checks lose the row values they quote:
// the message each engine really gives, and one that names no value, kept as it is.

describe('withoutRowValues', () => {
  it.each([
    ["Conversion Error: Could not convert string 'LAS' to INT32", 'LAS'],
    [
      "Conversion Error: Type VARCHAR with value 'LAS' can't be cast to the destination type INT32",
      'LAS',
    ],
    [
      "Conversion Error: Type INT32 with value 300 can't be cast because the value is out of range for the destination type INT8",
      '300',
    ],
    ['Constraint Error: Duplicate key "id: 5" violates primary key constraint.', 'id: 5'],
    [
      'Conversion Error: invalid date field format: "2020-13-45", expected format is (YYYY-MM-DD)',
      '2020-13-45',
    ],
    ['invalid input syntax for type integer: "LAS"', 'LAS'],
    ["Truncated incorrect DOUBLE value: 'LAS'", 'LAS'],
    ["Duplicate entry 'ORD' for key 'PRIMARY'", 'ORD'],
    ["Cannot parse string 'LAS' as Int32: syntax error at begin of string.", 'LAS'],
  ])('drops the value of %j', (message, value) => {
    const cleaned = withoutRowValues(message);
    expect(cleaned).not.toContain(value);
    expect(cleaned).toContain('…');
  });

  it('keeps what failed: the types and the kind of error', () => {
    expect(withoutRowValues("Conversion Error: Could not convert string 'LAS' to INT32")).toBe(
      'Conversion Error: Could not convert string … to INT32',
    );
  });

  it('leaves a message that quotes no value as it is', () => {
    const message = 'Binder Error: Referenced column "origin2" not found in FROM clause!';
    expect(withoutRowValues(message)).toBe(message);
  });
});
