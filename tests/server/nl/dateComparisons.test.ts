import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../common/nl';
import { questionContext } from './askHelper';

// A comparison on a date field takes a date or a year: a number that is no year ("before 0",
// "after 3.5") filters nothing and is told as not understood, rather than becoming a date
// no query accepts ("0-01-01").

describe('comparisons on a date field', () => {
  const events = questionContext({ id: 902, name: 'Events' }, [
    ['time', 'Time', 'date', 'time'],
    ['count', 'Count', 'number', 'measure'],
  ]);

  it.each(['count time < 0 time', 'events before 0', 'count time > 3.5'])(
    '"%s" adds no date filter and names the words it could not use',
    (question) => {
      const { spec, unmatched } = parseQuestion(question, events);
      for (const filter of spec.query.filters) {
        for (const value of [filter.value].flat()) {
          expect(String(value)).not.toMatch(/^-?\d{1,3}-\d\d-\d\d$/);
        }
      }
      expect(unmatched.length).toBeGreaterThan(0);
    },
  );

  it('still reads a year as the whole year', () => {
    const { spec } = parseQuestion('count of events in 2008', events);
    expect(spec.query.filters).toEqual([
      { field: 'time', op: 'between', value: ['2008-01-01', '2008-12-31'] },
    ]);
  });
});
