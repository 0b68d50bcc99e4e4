import { Box, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Dataset, DatasetField } from '../../../common/analytics';
import type { DashboardFilter, FilterBinding, SavedChart } from '../../../common/charts';

interface FilterBindingsEditorProps {
  filter: DashboardFilter;
  charts: SavedChart[];
  datasets: Map<number, Dataset>;
  onChange: (bindings: FilterBinding[]) => void;
}

/** The fields a filter of this type can bind to: time fields for a date range, others for values. */
export function bindableFields(dataset: Dataset | undefined, type: DashboardFilter['type']) {
  const fields: DatasetField[] = dataset?.fields ?? [];
  return fields.filter((field) =>
    type === 'dateRange'
      ? field.type === 'date' || field.role === 'time'
      : field.role !== 'measure' || field.type === 'string',
  );
}

/** What a filter filters by: a field's name and label. */
type FieldName = Pick<DatasetField, 'name' | 'label'>;

const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The field of `fields` named like `wanted`, else labelled like it (ignoring case). */
export function sameField(fields: DatasetField[], wanted: FieldName): DatasetField | undefined {
  return (
    fields.find((field) => sameText(field.name, wanted.name)) ??
    fields.find((field) => sameText(field.label, wanted.label))
  );
}

/**
 * The field a new binding proposes when nothing else says: for a values filter the first text
 * dimension (what a viewer picks from, e.g. Origin; not a date), else the first bindable field.
 */
export function proposedField(fields: DatasetField[], type: DashboardFilter['type']) {
  const text = fields.filter((field) => field.type === 'string');
  const choice =
    type === 'values'
      ? (text.find((field) => field.role === 'dimension') ?? text[0] ?? fields[0])
      : fields[0];
  return choice.name;
}

interface BindingContext {
  filter: DashboardFilter;
  charts: SavedChart[];
  datasets: Map<number, Dataset>;
}

const fieldsOf = ({ filter, datasets }: BindingContext, chart: SavedChart) =>
  bindableFields(datasets.get(chart.spec.query.datasetId), filter.type);

/** The field a values filter filters by: that of its first binding, else one named like it. */
function filterField(context: BindingContext): FieldName {
  const first = context.filter.bindings[0];
  const chart = context.charts.find((candidate) => candidate.id === first?.chartId);
  const bound = chart && fieldsOf(context, chart).find((field) => field.name === first.field);
  return bound ?? { name: context.filter.label, label: context.filter.label };
}

/**
 * The field a chart's binding to the filter proposes. A values filter filters one thing on
 * every chart: once bound, each other chart proposes the field of the same name (or label) in
 * its dataset, or none (it stays unbound rather than filter an unrelated field).
 */
export function proposedBinding(context: BindingContext, chart: SavedChart): string | undefined {
  const fields = fieldsOf(context, chart);
  if (fields.length === 0) return undefined;
  if (context.filter.type !== 'values') return proposedField(fields, context.filter.type);
  const match = sameField(fields, filterField(context));
  if (match || context.filter.bindings.length > 0) return match?.name;
  return proposedField(fields, 'values');
}

/**
 * The bindings once `chart` is ticked. A values filter's first binding also binds every other
 * chart whose dataset has a field of the same name or label.
 */
export function bindingsWithChart(context: BindingContext, chart: SavedChart): FilterBinding[] {
  const field = proposedBinding(context, chart);
  if (field === undefined) return context.filter.bindings;
  const bindings = [
    ...context.filter.bindings.filter((binding) => binding.chartId !== chart.id),
    { chartId: chart.id, field },
  ];
  if (context.filter.type !== 'values' || context.filter.bindings.length > 0) return bindings;
  const bound = { ...context, filter: { ...context.filter, bindings } };
  const others = context.charts.flatMap((other) => {
    const same = other.id === chart.id ? undefined : proposedBinding(bound, other);
    return same === undefined ? [] : [{ chartId: other.id, field: same }];
  });
  return [...bindings, ...others];
}

/** For each chart of the dashboard: whether the filter applies to it, and on which field. */
export function FilterBindingsEditor({
  filter,
  charts,
  datasets,
  onChange,
}: FilterBindingsEditorProps) {
  const translate = useTranslate();
  const bindingOf = (chartId: number) => filter.bindings.find((b) => b.chartId === chartId);
  const without = (chartId: number) => filter.bindings.filter((b) => b.chartId !== chartId);
  const context = { filter, charts, datasets };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {charts.map((chart) => {
        const binding = bindingOf(chart.id);
        const fields = fieldsOf(context, chart);
        const unbindable = !binding && proposedBinding(context, chart) === undefined;
        return (
          <Box key={chart.id} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <FormControlLabel
              sx={{ flex: 1 }}
              label={chart.name}
              control={
                <Checkbox
                  checked={binding !== undefined}
                  disabled={unbindable}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? bindingsWithChart(context, chart) : without(chart.id),
                    )
                  }
                />
              }
            />
            {unbindable && fields.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {translate('dashboards.filterEditor.noSameField', {
                  field: filterField(context).label || filterField(context).name,
                })}
              </Typography>
            )}
            {binding && (
              <TextField
                select
                size="small"
                sx={{ minWidth: 180 }}
                label={translate('dashboards.filterEditor.field', { chart: chart.name })}
                value={binding.field}
                onChange={(event) =>
                  onChange([...without(chart.id), { chartId: chart.id, field: event.target.value }])
                }
              >
                {fields.map((field) => (
                  <MenuItem key={field.name} value={field.name}>
                    {field.label || field.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
