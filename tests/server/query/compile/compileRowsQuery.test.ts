import { describe, expect, it } from 'vitest';
import { compileRowsQuery } from '../../../../server/query/compile/compileRowsQuery';
import { ApiError } from '../../../../server/errors';
import { DIALECTS, NOW, ORDERS } from './compileFixtures';

// Snapshots of "View these rows" per dialect: every field, the filters and the policies
// bound, sorts then tie-breaking fields, and the page's LIMIT/OFFSET as each dialect writes it.

function compileEach(request: Parameters<typeof compileRowsQuery>[0]) {
  return Object.fromEntries(
    DIALECTS.map((dialect) => {
      const { sql, params } = compileRowsQuery(request, ORDERS, dialect, {
        now: NOW,
        policies: [{ field: 'region', values: ['North'] }],
      });
      return [dialect, { sql, params }];
    }),
  );
}

describe('compileRowsQuery per dialect', () => {
  it('reads the rows of a month bucket, a page on, sorted by amount', () => {
    expect(
      compileEach({
        filters: [
          { field: 'order_date', op: '>=', value: '2024-02-01' },
          { field: 'order_date', op: '<', value: '2024-03-01' },
        ],
        sort: [{ key: 'amount', dir: 'desc' }],
        offset: 100,
        limit: 50,
      }),
    ).toMatchSnapshot();
  });

  it('reads the first page without sorts in the order of the fields', () => {
    expect(compileEach({ filters: [], sort: [], offset: 0, limit: 25 })).toMatchSnapshot();
  });

  it('refuses an unknown field in a filter or a sort, naming where', () => {
    const refusal = (request: Parameters<typeof compileRowsQuery>[0]) => {
      try {
        compileRowsQuery(request, ORDERS, 'duckdb');
      } catch (error) {
        return error instanceof ApiError ? error.message : 'not an ApiError';
      }
      return 'compiled';
    };
    expect(
      refusal({ filters: [{ field: 'nope', op: '=', value: 1 }], sort: [], offset: 0, limit: 5 }),
    ).toBe('filters.0.field: unknown field "nope" in dataset "Orders".');
    expect(
      refusal({ filters: [], sort: [{ key: 'count', dir: 'asc' }], offset: 0, limit: 5 }),
    ).toBe('sort.0.key: unknown field "count" in dataset "Orders".');
  });
});
