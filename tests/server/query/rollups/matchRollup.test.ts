import { describe, expect, it } from 'vitest';
import type { QueryFilter, SemanticQuery } from '../../../../common/analytics';
import { sqlDialectOf } from '../../../../server/engines';
import {
  pickRollup,
  startsPeriod,
  type UsableRollup,
} from '../../../../server/query/rollups/matchRollup';
import { FLIGHTS, NOW, ROLLUPS } from './rollupProperty';

// Which rollup a query is answered from: the smallest that answers exactly, or none.

const SIZES = [5_000, 400, 90, 1_200];
const rollups: UsableRollup[] = ROLLUPS.map((rollup, index) => ({
  ...rollup,
  rowCount: SIZES[index],
}));

const query = (parts: Partial<SemanticQuery>): SemanticQuery => ({
  datasetId: 1,
  dimensions: [],
  measures: [{ field: '*', agg: 'count' }],
  filters: [],
  sort: [],
  ...parts,
});

const picked = (asked: SemanticQuery, policies: { field: string; values: unknown[] }[] = []) =>
  pickRollup(rollups, asked, FLIGHTS, policies, sqlDialectOf('duckdb'), NOW)?.rollup.name;

describe('pickRollup', () => {
  it('takes the smallest rollup that answers', () => {
    expect(picked(query({ dimensions: [{ field: 'carrier' }] }))).toBe('by carrier and month');
    expect(picked(query({ dimensions: [{ field: 'origin' }] }))).toBe('by origin and cancelled');
  });

  it('rolls a finer grain up into a coarser one, but never weeks into months', () => {
    expect(picked(query({ dimensions: [{ field: 'at', grain: 'quarter' }] }))).toBe(
      'by carrier and month',
    );
    expect(picked(query({ dimensions: [{ field: 'at', grain: 'week' }] }))).toBe(
      'by carrier, origin and week',
    );
    expect(picked(query({ dimensions: [{ field: 'at', grain: 'day' }] }))).toBe(
      'by carrier, origin and day',
    );
  });

  it('needs every row-policy field of the viewer among its dimensions', () => {
    const byMonth = query({ dimensions: [{ field: 'at', grain: 'month' }] });
    expect(picked(byMonth, [{ field: 'carrier', values: ['AA'] }])).toBe('by carrier and month');
    expect(picked(byMonth, [{ field: 'origin', values: ['BOS'] }])).toBe(
      'by carrier, origin and day',
    );
    expect(picked(byMonth, [{ field: 'cancelled', values: [true] }])).toBeUndefined();
  });

  it('counts distinct values of its dimensions only, and no median', () => {
    const distinct = (field: string) => query({ measures: [{ field, agg: 'count_distinct' }] });
    expect(picked(distinct('origin'))).toBe('by origin and cancelled');
    expect(picked(distinct('delay'))).toBeUndefined();
    expect(picked(query({ measures: [{ field: 'delay', agg: 'median' }] }))).toBeUndefined();
  });

  it('filters its time field on boundaries of its grain only', () => {
    const from = (value: string) =>
      query({ dimensions: [{ field: 'carrier' }], filters: [{ field: 'at', op: '>=', value }] });
    expect(picked(from('2024-03-01'))).toBe('by carrier and month');
    expect(picked(from('2024-03-05'))).toBe('by carrier, origin and day');
    expect(picked(from('2024-03-05T10:00:00'))).toBeUndefined();
    const upTo = query({ filters: [{ field: 'at', op: '<=', value: '2024-03-01T00:00:00' }] });
    expect(picked(upTo)).toBeUndefined();
  });

  it('takes a plain date ending a range as its whole day', () => {
    const filtered = (op: QueryFilter['op'], value: QueryFilter['value']) =>
      picked(query({ dimensions: [{ field: 'carrier' }], filters: [{ field: 'at', op, value }] }));
    expect(filtered('<=', '2024-03-31')).toBe('by carrier and month');
    expect(filtered('>', '2024-02-29')).toBe('by carrier and month');
    expect(filtered('<=', '2024-03-30')).toBe('by carrier, origin and day');
    expect(filtered('between', ['2024-01-01', '2024-03-31'])).toBe('by carrier and month');
    expect(filtered('between', ['2024-01-01', '2024-03-30'])).toBe('by carrier, origin and day');
    expect(filtered('between', ['2024-01-01', '2024-03-31T12:00:00'])).toBeUndefined();
  });

  it('leaves distinct values listed by frequency to the table', () => {
    expect(picked(query({ dimensions: [{ field: 'carrier' }], measures: [] }))).toBeUndefined();
  });
});

describe('startsPeriod', () => {
  it('tells the first day of a week (Monday), month, quarter and year', () => {
    expect(startsPeriod('2024-06-10', 'week')).toBe(true);
    expect(startsPeriod('2024-06-11', 'week')).toBe(false);
    expect(startsPeriod('2024-04-01T00:00:00Z', 'quarter')).toBe(true);
    expect(startsPeriod('2024-05-01', 'quarter')).toBe(false);
    expect(startsPeriod('2024-01-01', 'year')).toBe(true);
    expect(startsPeriod('2024-02-30', 'day')).toBe(false);
  });
});
