import type { QueryFilter, SemanticQuery } from '../../common/analytics';
import { FIELD_VALUES_LIMIT } from '../../common/fieldValues';
import type { Viewer } from './compile/rowPolicies';
import type { QueryEngine } from './executeQuery';

// One way to list a field's values for a values filter, for signed-in dashboards and share
// links alike: a dimension-only query (distinct values, the most frequent first), with the
// viewer's search as a case-insensitive `contains` on text fields.

interface FieldValuesLookup {
  accountId: number;
  datasetId: number;
  field: string;
  search?: string;
  /** conditions the values must meet too (a share link's other frozen filters) */
  filters?: QueryFilter[];
  /** Whose values: the dataset's row policies hold for them. */
  viewer: Viewer;
  signal?: AbortSignal;
}

function valuesQuery(lookup: FieldValuesLookup, searchInSql: boolean): SemanticQuery {
  const search = lookup.search?.trim() ?? '';
  const contains: QueryFilter[] =
    searchInSql && search ? [{ field: lookup.field, op: 'contains', value: search }] : [];
  return {
    datasetId: lookup.datasetId,
    dimensions: [{ field: lookup.field }],
    measures: [],
    filters: [...(lookup.filters ?? []), ...contains],
    sort: [],
    limit: FIELD_VALUES_LIMIT,
  };
}

export async function fieldValues(
  engine: QueryEngine,
  lookup: FieldValuesLookup,
): Promise<string[]> {
  const dataset = await engine.dataset(lookup.accountId, lookup.datasetId);
  const isText = dataset.fields.find((f) => f.name === lookup.field)?.type === 'string';
  const result = await engine.runSemantic({
    accountId: lookup.accountId,
    query: valuesQuery(lookup, isText),
    viewer: lookup.viewer,
    signal: lookup.signal,
  });
  const values = result.rows
    .map((row) => row[0])
    .filter((value) => value !== null && value !== undefined)
    .map(String);
  // `contains` is for text columns only: numbers and dates are searched as they read.
  const search = lookup.search?.trim().toLowerCase() ?? '';
  return isText || !search ? values : values.filter((v) => v.toLowerCase().includes(search));
}
