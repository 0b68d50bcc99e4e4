import type { Dataset, Dialect, SemanticQuery } from '../../../../common/analytics';
import { compileSemanticQuery } from '../../../../server/query/compile/compileSemanticQuery';

// A dataset with one field of every type (and an awkward name), and a helper compiling a
// query for every dialect at a fixed instant.

export const NOW = new Date('2024-05-15T13:45:00Z'); // a Wednesday

export const ORDERS: Dataset = {
  id: 1,
  sourceId: 1,
  name: 'Orders',
  table: 'sales.orders',
  fields: [
    { name: 'order_date', label: 'Order date', type: 'date', role: 'time', synonyms: [] },
    { name: 'amount', label: 'Amount', type: 'number', role: 'measure', synonyms: [] },
    { name: 'region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'paid', label: 'Paid', type: 'boolean', role: 'dimension', synonyms: [] },
    { name: 'my "col"', label: 'Odd', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'back`tick', label: 'Tick', type: 'number', role: 'measure', synonyms: [] },
  ],
};

export const DIALECTS: Dialect[] = ['duckdb', 'postgres', 'mysql', 'sqlite', 'clickhouse'];

export function query(parts: Partial<SemanticQuery>): SemanticQuery {
  return { datasetId: 1, dimensions: [], measures: [], filters: [], sort: [], ...parts };
}

/** SQL and params per dialect, or the 400 message where a dialect refuses the query. */
export function compileAll(semantic: SemanticQuery, dataset: Dataset = ORDERS) {
  return Object.fromEntries(
    DIALECTS.map((dialect) => {
      try {
        const { sql, params } = compileSemanticQuery(semantic, dataset, dialect, { now: NOW });
        return [dialect, { sql, params }];
      } catch (error) {
        return [dialect, { error: (error as Error).message }];
      }
    }),
  );
}
