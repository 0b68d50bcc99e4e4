import { useCallback, useMemo, useState } from 'react';
import type { QueryDimension, SemanticQuery } from '../../../common/analytics';
import type { ChartOptions, ChartSpec, ChartType } from '../../../common/charts';
import {
  draftQuery,
  draftToSpec,
  emptyDraft,
  specToDraft,
  type ChartDraft,
} from '../../../common/chartDraft';

/** The parts of a draft that are lists the builder edits item by item. */
type ListPart = 'dimensions' | 'measures' | 'filters' | 'sort';
type ItemOf<P extends ListPart> = ChartDraft[P][number];

export interface ChartDraftState {
  draft: ChartDraft;
  spec: ChartSpec | null;
  query: SemanticQuery | null;
  /** Starts over on another dataset (fields of the old one no longer apply). */
  setDataset: (datasetId: number | null) => void;
  setType: (type: ChartType) => void;
  setTitle: (title: string) => void;
  setSeries: (series: QueryDimension | null) => void;
  setLimit: (limit: number | undefined) => void;
  setOptions: (options: Partial<ChartOptions>) => void;
  add: <P extends ListPart>(part: P, item: ItemOf<P>) => void;
  change: <P extends ListPart>(part: P, index: number, item: ItemOf<P>) => void;
  remove: (part: ListPart, index: number) => void;
  /** Replaces the whole draft by a spec (a saved chart, or an answer to a question). */
  load: (spec: ChartSpec) => void;
}

/** The chart builder's state: one draft, edited part by part, with its spec and query. */
export function useChartDraft(initial: ChartSpec | null): ChartDraftState {
  const [draft, setDraft] = useState<ChartDraft>(() =>
    initial ? specToDraft(initial) : emptyDraft(),
  );
  const patch = useCallback(
    (changes: Partial<ChartDraft>) => setDraft((current) => ({ ...current, ...changes })),
    [],
  );

  const setDataset = useCallback(
    (datasetId: number | null) =>
      setDraft((current) =>
        current.datasetId === datasetId
          ? current
          : { ...emptyDraft(), type: current.type, options: current.options, datasetId },
      ),
    [],
  );
  const setOptions = useCallback(
    (options: Partial<ChartOptions>) =>
      setDraft((current) => ({ ...current, options: { ...current.options, ...options } })),
    [],
  );
  const add = useCallback(
    <P extends ListPart>(part: P, item: ItemOf<P>) =>
      setDraft((current) => ({ ...current, [part]: [...current[part], item] })),
    [],
  );
  const change = useCallback(
    <P extends ListPart>(part: P, index: number, item: ItemOf<P>) =>
      setDraft((current) => ({
        ...current,
        [part]: current[part].map((old, i) => (i === index ? item : old)),
      })),
    [],
  );
  const remove = useCallback(
    (part: ListPart, index: number) =>
      setDraft((current) => ({
        ...current,
        [part]: (current[part] as unknown[]).filter((_, i) => i !== index),
      })),
    [],
  );

  const spec = useMemo(() => draftToSpec(draft), [draft]);
  const query = useMemo(() => draftQuery(draft), [draft]);
  return {
    draft,
    spec,
    query,
    setDataset,
    setType: useCallback((type: ChartType) => patch({ type }), [patch]),
    setTitle: useCallback((title: string) => patch({ title }), [patch]),
    setSeries: useCallback((series: QueryDimension | null) => patch({ series }), [patch]),
    setLimit: useCallback((limit: number | undefined) => patch({ limit }), [patch]),
    setOptions,
    add,
    change,
    remove,
    load: useCallback((loaded: ChartSpec) => setDraft(specToDraft(loaded)), []),
  };
}
