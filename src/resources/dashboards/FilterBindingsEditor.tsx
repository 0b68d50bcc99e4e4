import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Dataset, DatasetField } from '../../model/analytics';
import type { DashboardFilter, FilterBinding, SavedChart } from '../../model/charts';

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

/**
 * The field a new binding proposes: for a values filter the first text dimension (what a
 * viewer picks from, e.g. Origin; not a date), else the first bindable field.
 */
export function proposedField(fields: DatasetField[], type: DashboardFilter['type']) {
  const text = fields.filter((field) => field.type === 'string');
  const choice =
    type === 'values'
      ? (text.find((field) => field.role === 'dimension') ?? text[0] ?? fields[0])
      : fields[0];
  return choice.name;
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
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {charts.map((chart) => {
        const binding = bindingOf(chart.id);
        const fields = bindableFields(datasets.get(chart.spec.query.datasetId), filter.type);
        return (
          <Box key={chart.id} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <FormControlLabel
              sx={{ flex: 1 }}
              label={chart.name}
              control={
                <Checkbox
                  checked={binding !== undefined}
                  disabled={fields.length === 0}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [
                            ...without(chart.id),
                            { chartId: chart.id, field: proposedField(fields, filter.type) },
                          ]
                        : without(chart.id),
                    )
                  }
                />
              }
            />
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
