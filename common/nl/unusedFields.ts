import type { DatasetField } from '../analytics';
import type { ChartSpec, ChartType } from '../charts';
import { draftToSpec, specToDraft } from '../chartDraft';
import { defaultAggregation, groupingDimension } from './defaults';
import type { Lexicon } from './lexicon';
import type { Part } from './scan';
import type { QuestionContext } from './types';

// A field the question names that the chart leaves out is said, never silently dropped: its
// words are listed as not used, a note says so, and a reading that uses it is offered.

export interface UnusedField {
  field: DatasetField;
  text: string;
}

/** The fields named in the question (its own words for them) that the chart does not use. */
export function unusedFields(parts: Part[], spec: ChartSpec, lexicon: Lexicon): UnusedField[] {
  const used = usedFieldNames(spec);
  const unused: UnusedField[] = [];
  for (const part of parts) {
    if (part.kind !== 'field') continue;
    const { field } = part;
    // the field naming the rows stands for the rows themselves ("titles", "names")
    if (field === lexicon.identityField || field === lexicon.datasetNamedField) continue;
    if ([field, ...part.others].some((candidate) => used.has(candidate.name))) continue;
    if (unused.some((entry) => entry.field === field)) continue;
    unused.push({ field, text: part.text });
  }
  return unused;
}

function usedFieldNames(spec: ChartSpec): Set<string> {
  const { query, encoding } = spec;
  const names = [
    ...query.dimensions.map((dimension) => dimension.field),
    ...query.measures.map((measure) => measure.field),
    ...query.filters.map((filter) => filter.field),
    ...(query.sort ?? []).map((sort) => sort.key),
    encoding.series,
    encoding.color,
  ];
  return new Set(names.filter((name): name is string => typeof name === 'string'));
}

export function unusedNote(unused: UnusedField[], offered: boolean): string {
  const named = unused.map((entry) => `"${entry.text}"`).join(', ');
  const verb = unused.length === 1 ? 'is' : 'are';
  const readings = offered ? ' Other readings that use it are offered.' : '';
  return `${named} ${verb} not used in this chart.${readings}`;
}

/** The chart with the unused field added: a number as another measure, else a breakdown. */
export function withUnusedField(
  spec: ChartSpec,
  { field }: UnusedField,
  context: QuestionContext,
): ChartSpec | null {
  const draft = specToDraft(spec);
  if (field.type === 'number' && field.role === 'measure') {
    draft.measures = [...draft.measures, { field: field.name, agg: defaultAggregation(field) }];
    if (draft.type === 'kpi') draft.type = 'table';
  } else if (draft.dimensions.length === 0) {
    draft.dimensions = [groupingDimension(field, context)];
    draft.type = kindOfChart(field);
  } else if (!draft.series) {
    draft.series = groupingDimension(field, context);
  } else {
    return null;
  }
  return draftToSpec(draft);
}

function kindOfChart(field: DatasetField): ChartType {
  return field.type === 'date' || field.role === 'time' ? 'line' : 'column';
}
