import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../../common/analytics';
import { sqlDialectOf } from '../../../../server/engines';
import { proposeRollups, type ChartQuery } from '../../../../server/query/rollups/proposeRollup';
import { FLIGHTS, NOW } from './rollupProperty';

// Proposals from a dashboard's charts: charts grouping and filtering on the same fields share
// one, at the coarsest grain their grains and time filters allow; what no rollup answers
// exactly (a median) is left out.

const BEFORE_2024: SemanticQuery['filters'][number] = { field: 'at', op: '<', value: '2024-01-01' };

const chart = (id: number, parts: Partial<SemanticQuery>): ChartQuery => ({
  id,
  name: `Chart ${id}`,
  query: {
    datasetId: 1,
    dimensions: [],
    measures: [{ field: '*', agg: 'count' }],
    filters: [BEFORE_2024],
    sort: [],
    ...parts,
  },
  filterFields: ['origin'],
});

describe('proposeRollups', () => {
  it('proposes one rollup per set of grouped fields, at the grain their charts allow', () => {
    const charts = [
      chart(1, { dimensions: [{ field: 'at', grain: 'month' }] }),
      chart(2, {
        dimensions: [{ field: 'at', grain: 'quarter' }],
        measures: [{ field: 'delay', agg: 'avg' }],
      }),
      chart(3, { dimensions: [{ field: 'origin' }] }),
      chart(4, { dimensions: [{ field: 'carrier' }, { field: 'origin' }] }),
      chart(5, {
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'median' }],
      }),
    ];
    const proposals = proposeRollups(charts, FLIGHTS, sqlDialectOf('duckdb'), NOW);
    expect(proposals).toEqual([
      {
        shape: {
          dimensions: ['origin'],
          timeField: 'at',
          grain: 'month',
          measures: [{ agg: 'avg', field: 'delay' }],
        },
        charts: [1, 2, 3].map((id) => ({ id, name: `Chart ${id}` })),
      },
      {
        shape: { dimensions: ['carrier', 'origin'], timeField: 'at', grain: 'year', measures: [] },
        charts: [{ id: 4, name: 'Chart 4' }],
      },
    ]);
  });

  it("adds the fields of the dataset's row policies, and needs days for weeks beside months", () => {
    const charts = [
      chart(1, { dimensions: [{ field: 'at', grain: 'week' }] }),
      chart(2, { dimensions: [{ field: 'at', grain: 'month' }] }),
    ];
    const [proposal] = proposeRollups(charts, FLIGHTS, sqlDialectOf('duckdb'), NOW, ['carrier']);
    expect(proposal.shape).toMatchObject({ dimensions: ['carrier', 'origin'], grain: 'day' });
    expect(proposal.charts).toHaveLength(2);
  });
});
