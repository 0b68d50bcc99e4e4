import { measureKey, type DatasetField } from '../analytics';
import type { ChartSpec } from '../charts';
import { DEFAULT_LIMIT, specToDraft } from '../chartDraft';
import { CHART_NAMES, fieldLabel, filterLabel, measureLabel } from './labels';
import type { InterpretationToken } from './types';

// The tokens (chips) of any spec, so the Ask box can show what a chart means after the user
// edits it. Indexes point into the builder's draft lists (specToDraft).

export function describeSpec(spec: ChartSpec, fields: DatasetField[]): InterpretationToken[] {
  const draft = specToDraft(spec);
  const tokens: InterpretationToken[] = [];
  const token = (kind: InterpretationToken['kind'], label: string, index?: number) =>
    tokens.push({ kind, label, text: '', ...(index !== undefined ? { index } : {}) });

  draft.measures.forEach((measure, index) =>
    token('measure', measureLabel(fields, measure), index),
  );
  draft.dimensions.forEach((dimension, index) => {
    token('dimension', fieldLabel(fields, dimension.field), index);
    if (dimension.grain) token('grain', `By ${dimension.grain}`, index);
    if (dimension.bin !== undefined) token('bin', `Bins of ${dimension.bin}`, index);
  });
  if (draft.series) token('series', `Split by ${fieldLabel(fields, draft.series.field)}`);
  draft.filters.forEach((filter, index) => token('filter', filterLabel(fields, filter), index));
  draft.sort.forEach((sort, index) => {
    const measure = draft.measures.find((candidate) => measureKey(candidate) === sort.key);
    const label = measure ? measureLabel(fields, measure) : fieldLabel(fields, sort.key);
    token('sort', `Sorted by ${label}, ${sort.dir === 'asc' ? 'ascending' : 'descending'}`, index);
  });
  if (draft.limit !== undefined && draft.limit !== DEFAULT_LIMIT)
    token('limit', limitLabel(spec, draft.limit));
  token('chart', CHART_NAMES[spec.type]);
  return tokens;
}

function limitLabel(spec: ChartSpec, limit: number): string {
  const first = spec.query.sort[0];
  const byMeasure =
    first && !spec.query.dimensions.some((dimension) => dimension.field === first.key);
  if (byMeasure) return `${first.dir === 'desc' ? 'Top' : 'Bottom'} ${limit}`;
  return `First ${limit} rows`;
}
