import type { QueryColumn } from '../../../common/analytics';

// "Visualise" in the data explorer opens the chart builder on the query it ran: a dataset
// draft (source, SQL, the result's columns) carried in the route's state, so nothing is saved
// until the user saves the dataset in the builder.

export interface DatasetDraft {
  sourceId: number;
  sql: string;
  columns: QueryColumn[];
}

export const NEW_CHART_PATH = '/aicharts/create';

/** The route state that opens the chart builder on a draft. */
export function draftRouteState(draft: DatasetDraft): { datasetDraft: DatasetDraft } {
  return { datasetDraft: draft };
}

function isColumn(value: unknown): value is QueryColumn {
  const column = value as QueryColumn;
  return typeof column?.name === 'string' && typeof column.type === 'string';
}

/** The draft in a route's state, when there is a well-formed one. */
export function draftFromRouteState(state: unknown): DatasetDraft | null {
  const draft = (state as { datasetDraft?: Partial<DatasetDraft> } | null)?.datasetDraft;
  if (!draft || typeof draft.sourceId !== 'number' || typeof draft.sql !== 'string') return null;
  if (!Array.isArray(draft.columns) || !draft.columns.every(isColumn)) return null;
  return { sourceId: draft.sourceId, sql: draft.sql, columns: draft.columns };
}
