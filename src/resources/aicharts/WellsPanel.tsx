import { Fragment, type ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { measureKey, type DatasetField } from '../../../common/analytics';
import {
  dimensionFor,
  measureFor,
  newFilterFor,
  type ChartDraft,
} from '../../../common/chartDraft';
import { DimensionEditor } from './DimensionEditor';
import { DropWell } from './DropWell';
import { COUNT_ROWS, type Well } from './fieldDrag';
import { FilterEditor } from './FilterEditor';
import { MeasureEditor } from './MeasureEditor';
import { SortEditor } from './SortEditor';
import type { ChartDraftState } from './useChartDraft';

/** Puts a field into a well: the shared step of drag and drop and the + menu. */
export function addFieldToWell(
  state: ChartDraftState,
  fields: DatasetField[],
  well: Well,
  fieldName: string,
): void {
  const field = fields.find((candidate) => candidate.name === fieldName) ?? null;
  if (well === 'measures') {
    if (fieldName === COUNT_ROWS || field) state.add('measures', measureFor(field));
    return;
  }
  if (!field) return;
  if (well === 'dimensions') state.add('dimensions', dimensionFor(field));
  else if (well === 'series') state.setSeries(dimensionFor(field));
  else state.add('filters', newFilterFor(field));
}

type ItemWell = 'dimensions' | 'measures' | 'filters';
type ItemOf<W extends ItemWell> = ChartDraft[W][number];
interface ItemEditorProps<W extends ItemWell> {
  field: DatasetField | undefined;
  onChange: (changed: ItemOf<W>) => void;
  onRemove: () => void;
}

/** The wells of the builder: dimensions, measures, series, filters, and sort with limit. */
export function WellsPanel({ state, fields }: { state: ChartDraftState; fields: DatasetField[] }) {
  const translate = useTranslate();
  const { draft } = state;
  const fieldOf = (name: string) => fields.find((field) => field.name === name);
  const dropInto = (well: Well) => (name: string) => addFieldToWell(state, fields, well, name);
  const title = (well: string) => translate(`charts.builder.wells.${well}`);
  const labelOf = (name: string) => fieldOf(name)?.label || name;
  const choices = [
    ...[...draft.dimensions, ...(draft.series ? [draft.series] : [])].map((dimension) => ({
      key: dimension.field,
      label: labelOf(dimension.field),
    })),
    ...draft.measures.map((measure) => ({
      key: measureKey(measure),
      label:
        measure.field === '*'
          ? translate('charts.builder.countRows')
          : translate('charts.builder.measureLabel', {
              agg: measure.agg,
              field: labelOf(measure.field),
            }),
    })),
  ];
  const sortChoices = choices.filter(
    (choice, index) => choices.findIndex((other) => other.key === choice.key) === index,
  );
  /** A well of items, each with its editor; `editor` draws one item. */
  const itemWell = <W extends ItemWell>(
    well: W,
    editor: (item: ItemOf<W>, props: ItemEditorProps<W>) => ReactElement,
  ) => (
    <DropWell title={title(well)} onField={dropInto(well)} empty={draft[well].length === 0}>
      {(draft[well] as ItemOf<W>[]).map((item, index) => (
        <Fragment key={`${item.field}-${index}`}>
          {editor(item, {
            field: fieldOf(item.field),
            onChange: (changed) => state.change(well, index, changed),
            onRemove: () => state.remove(well, index),
          })}
        </Fragment>
      ))}
    </DropWell>
  );
  return (
    <>
      {itemWell('dimensions', (dimension, props) => (
        <DimensionEditor dimension={dimension} {...props} />
      ))}
      {itemWell('measures', (measure, props) => (
        <MeasureEditor measure={measure} {...props} />
      ))}
      <DropWell title={title('series')} onField={dropInto('series')} empty={!draft.series}>
        {draft.series && (
          <DimensionEditor
            dimension={draft.series}
            field={fieldOf(draft.series.field)}
            onChange={state.setSeries}
            onRemove={() => state.setSeries(null)}
          />
        )}
      </DropWell>
      {itemWell('filters', (filter, props) => (
        <FilterEditor filter={filter} {...props} />
      ))}
      <DropWell title={title('sort')} empty={false}>
        <SortEditor
          sort={draft.sort}
          keys={sortChoices}
          limit={draft.limit}
          onAdd={(sort) => state.add('sort', sort)}
          onChange={(index, sort) => state.change('sort', index, sort)}
          onRemove={(index) => state.remove('sort', index)}
          onLimit={state.setLimit}
        />
      </DropWell>
    </>
  );
}
