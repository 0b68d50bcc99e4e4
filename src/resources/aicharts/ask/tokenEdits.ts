import {
  AGGREGATIONS,
  TIME_GRAINS,
  measureKey,
  type DatasetField,
  type QueryMeasure,
} from '../../../../common/analytics';
import { DEFAULT_LIMIT, dimensionFor } from '../../../../common/chartDraft';
import { CHART_TYPES } from '../../../../common/charts';
import type { InterpretationToken } from '../../../../common/nl';
import type { ChartDraftState } from '../useChartDraft';

// What each interpretation chip offers: the choices its menu lists, and what removing it
// does, as edits of the builder's draft (so the chart, the wells and the chips all follow).

export interface TokenChoice {
  key: string;
  /** a translation key with its arguments, or plain text (field labels, numbers) */
  label: { key: string; args?: Record<string, unknown> } | string;
  selected: boolean;
  apply: () => void;
}

export interface TokenEdits {
  choices: TokenChoice[];
  remove?: () => void;
}

const LIMITS = [5, 10, 20, 50, 100];

function aggregationsFor(field: DatasetField | undefined, name: string) {
  if (name === '*' || name === '') return ['count'] as const;
  return field?.type === 'number' ? AGGREGATIONS : (['count', 'count_distinct'] as const);
}

function measureEdits(state: ChartDraftState, fields: DatasetField[], index: number): TokenEdits {
  const measure = state.draft.measures[index];
  const field = fields.find((candidate) => candidate.name === measure.field);
  return {
    choices: aggregationsFor(field, measure.field).map((agg) => ({
      key: agg,
      label: { key: `charts.ask.aggregations.${agg}` },
      selected: measure.agg === agg,
      apply: () => changeMeasure(state, index, { ...measure, agg }),
    })),
    remove: () => state.remove('measures', index),
  };
}

/** A new aggregation renames the measure's column: its sorts follow it ("top 10" stays top). */
function changeMeasure(state: ChartDraftState, index: number, changed: QueryMeasure) {
  const oldKey = measureKey(state.draft.measures[index]);
  state.change('measures', index, changed);
  state.draft.sort.forEach((sort, sortIndex) => {
    if (sort.key === oldKey) state.change('sort', sortIndex, { ...sort, key: measureKey(changed) });
  });
}

function dimensionEdits(state: ChartDraftState, fields: DatasetField[], index: number): TokenEdits {
  const dimension = state.draft.dimensions[index];
  return {
    choices: fields
      .filter((field) => field.role !== 'measure' || field.type !== 'number')
      .map((field) => ({
        key: field.name,
        label: field.label,
        selected: field.name === dimension.field,
        apply: () => state.change('dimensions', index, dimensionFor(field)),
      })),
    remove: () => state.remove('dimensions', index),
  };
}

function grainEdits(state: ChartDraftState, index: number): TokenEdits {
  const dimension = state.draft.dimensions[index];
  return {
    choices: TIME_GRAINS.map((grain) => ({
      key: grain,
      label: { key: `charts.ask.grains.${grain}` },
      selected: dimension.grain === grain,
      apply: () => state.change('dimensions', index, { ...dimension, grain }),
    })),
    remove: () => state.change('dimensions', index, { field: dimension.field }),
  };
}

function binEdits(state: ChartDraftState, index: number): TokenEdits {
  const dimension = state.draft.dimensions[index];
  const width = dimension.bin ?? 1;
  return {
    choices: [width / 2, width * 2].map((bin) => ({
      key: String(bin),
      label: { key: 'charts.ask.binWidth', args: { width: bin } },
      selected: false,
      apply: () => state.change('dimensions', index, { ...dimension, bin }),
    })),
  };
}

function sortEdits(state: ChartDraftState, index: number): TokenEdits {
  const sort = state.draft.sort[index];
  return {
    choices: (['asc', 'desc'] as const).map((dir) => ({
      key: dir,
      label: { key: `charts.builder.${dir}` },
      selected: sort.dir === dir,
      apply: () => state.change('sort', index, { ...sort, dir }),
    })),
    remove: () => state.remove('sort', index),
  };
}

function limitEdits(state: ChartDraftState): TokenEdits {
  return {
    choices: LIMITS.map((limit) => ({
      key: String(limit),
      label: String(limit),
      selected: state.draft.limit === limit,
      apply: () => state.setLimit(limit),
    })),
    remove: () => state.setLimit(DEFAULT_LIMIT),
  };
}

function chartEdits(state: ChartDraftState): TokenEdits {
  return {
    choices: CHART_TYPES.map((type) => ({
      key: type,
      label: { key: `charts.types.${type}` },
      selected: state.draft.type === type,
      apply: () => state.setType(type),
    })),
  };
}

export function editsOf(
  token: InterpretationToken,
  state: ChartDraftState,
  fields: DatasetField[],
): TokenEdits {
  const index = token.index ?? 0;
  switch (token.kind) {
    case 'measure':
      return measureEdits(state, fields, index);
    case 'dimension':
      return dimensionEdits(state, fields, index);
    case 'grain':
      return grainEdits(state, index);
    case 'bin':
      return binEdits(state, index);
    case 'series':
      return { choices: [], remove: () => state.setSeries(null) };
    case 'filter':
      return { choices: [], remove: () => state.remove('filters', index) };
    case 'sort':
      return sortEdits(state, index);
    case 'limit':
      return limitEdits(state);
    case 'chart':
      return chartEdits(state);
  }
}
