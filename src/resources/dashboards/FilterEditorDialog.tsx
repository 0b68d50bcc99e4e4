import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  TextField,
} from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import type { Dataset } from '../../../common/analytics';
import type { DashboardFilter, SavedChart } from '../../../common/charts';
import { newId } from '../../ui/dashboard/tileEditing';
import { FilterBindingsEditor } from './FilterBindingsEditor';

interface FilterEditorDialogProps {
  open: boolean;
  filters: DashboardFilter[];
  /** the charts on the dashboard */
  charts: SavedChart[];
  onClose: () => void;
  onApply: (filters: DashboardFilter[]) => void;
}

/** Edit mode: add, change and remove the dashboard filters and what each one filters. */
export function FilterEditorDialog(props: FilterEditorDialogProps) {
  const { open, charts, onClose, onApply } = props;
  const translate = useTranslate();
  const [filters, setFilters] = useState<DashboardFilter[]>([]);
  useEffect(() => {
    if (open) setFilters(props.filters);
  }, [open, props.filters]);
  const datasetIds = [...new Set(charts.map((chart) => chart.spec.query.datasetId))];
  const { data: datasetList } = useGetMany<Dataset>(
    'datasets',
    { ids: datasetIds },
    { enabled: open },
  );
  const datasets = new Map((datasetList ?? []).map((dataset) => [dataset.id, dataset]));

  const change = (id: string, patch: Partial<DashboardFilter>) =>
    setFilters((current) => current.map((f) => (f.id === id ? { ...f, ...patch } : f)));
  const add = (type: DashboardFilter['type']) =>
    setFilters((current) => [
      ...current,
      {
        id: newId('f'),
        label: translate(`dashboards.filterEditor.default.${type}`),
        type,
        bindings: [],
      },
    ]);
  const invalid = filters.some((f) => f.label.trim() === '' || f.bindings.length === 0);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('dashboards.filterEditor.title')}</DialogTitle>
      <DialogContent>
        {filters.map((filter) => (
          <Box key={filter.id} role="group" aria-label={filter.label} sx={{ py: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, mb: 1 }}>
              <TextField
                size="small"
                label={translate('dashboards.filterEditor.label')}
                value={filter.label}
                onChange={(event) => change(filter.id, { label: event.target.value })}
              />
              <TextField
                select
                size="small"
                label={translate('dashboards.filterEditor.type')}
                value={filter.type}
                onChange={(event) =>
                  change(filter.id, {
                    type: event.target.value as DashboardFilter['type'],
                    bindings: [],
                    defaultValue: undefined,
                  })
                }
              >
                <MenuItem value="dateRange">
                  {translate('dashboards.filterEditor.types.dateRange')}
                </MenuItem>
                <MenuItem value="values">
                  {translate('dashboards.filterEditor.types.values')}
                </MenuItem>
              </TextField>
              <Button
                color="error"
                onClick={() => setFilters((current) => current.filter((f) => f.id !== filter.id))}
              >
                {translate('dashboards.filterEditor.remove')}
              </Button>
            </Box>
            <FilterBindingsEditor
              filter={filter}
              charts={charts}
              datasets={datasets}
              onChange={(bindings) => change(filter.id, { bindings })}
            />
            <Divider sx={{ mt: 2 }} />
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button onClick={() => add('dateRange')}>
            {translate('dashboards.filterEditor.addDateRange')}
          </Button>
          <Button onClick={() => add('values')}>
            {translate('dashboards.filterEditor.addValues')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={invalid} onClick={() => onApply(filters)}>
          {translate('dashboards.filterEditor.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
