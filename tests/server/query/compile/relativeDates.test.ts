import { describe, expect, it } from 'vitest';
import { relativeDateRange } from '../../../../server/query/compile/relativeDates';

// Relative date ranges from a fixed now: Wednesday 15 May 2024, 13:45 UTC.
const NOW = new Date('2024-05-15T13:45:00Z');

describe('relativeDateRange', () => {
  const cases: Array<[string, Parameters<typeof relativeDateRange>[0], string, string]> = [
    ['last 30 days', { kind: 'last', count: 30, unit: 'day' }, '2024-04-15', '2024-05-15'],
    ['last 2 weeks', { kind: 'last', count: 2, unit: 'week' }, '2024-05-01', '2024-05-15'],
    ['last 3 months', { kind: 'last', count: 3, unit: 'month' }, '2024-02-15', '2024-05-15'],
    ['last 1 quarter', { kind: 'last', count: 1, unit: 'quarter' }, '2024-02-15', '2024-05-15'],
    ['last 1 year', { kind: 'last', count: 1, unit: 'year' }, '2023-05-15', '2024-05-15'],
    ['this day', { kind: 'this', unit: 'day' }, '2024-05-15', '2024-05-16'],
    ['this week (Monday start)', { kind: 'this', unit: 'week' }, '2024-05-13', '2024-05-20'],
    ['previous week', { kind: 'previous', unit: 'week' }, '2024-05-06', '2024-05-13'],
    ['this month', { kind: 'this', unit: 'month' }, '2024-05-01', '2024-06-01'],
    ['previous month', { kind: 'previous', unit: 'month' }, '2024-04-01', '2024-05-01'],
    ['this quarter', { kind: 'this', unit: 'quarter' }, '2024-04-01', '2024-07-01'],
    ['previous quarter', { kind: 'previous', unit: 'quarter' }, '2024-01-01', '2024-04-01'],
    ['this year', { kind: 'this', unit: 'year' }, '2024-01-01', '2025-01-01'],
    ['previous year', { kind: 'previous', unit: 'year' }, '2023-01-01', '2024-01-01'],
  ];
  for (const [name, relative, start, end] of cases) {
    it(name, () => {
      expect(relativeDateRange(relative, NOW)).toEqual({ start, end });
    });
  }

  it('clamps month arithmetic to the end of shorter months', () => {
    const endOfMarch = new Date('2024-03-31T08:00:00Z');
    expect(relativeDateRange({ kind: 'last', count: 1, unit: 'month' }, endOfMarch)).toEqual({
      start: '2024-02-29',
      end: '2024-03-31',
    });
  });

  it('treats Sunday as the last day of its week', () => {
    const sunday = new Date('2024-05-19T23:59:00Z');
    expect(relativeDateRange({ kind: 'this', unit: 'week' }, sunday)).toEqual({
      start: '2024-05-13',
      end: '2024-05-20',
    });
  });
});
