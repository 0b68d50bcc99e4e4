import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { Dashboard } from '../../../common/charts';
import { newChartTile, withChartTile } from './api';

const NEW = 'new';

/** Appends the saved chart as a tile at the bottom of a dashboard, or starts a new one. */
export function AddToDashboardDialog({
  chartId,
  chartName,
  onClose,
}: {
  chartId: number;
  chartName: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data: dashboards = [], isPending } = useGetList<Dashboard>('dashboards', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [choice, setChoice] = useState<string>('');
  const [newName, setNewName] = useState(chartName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected =
    choice || (isPending ? '' : dashboards.length > 0 ? String(dashboards[0].id) : NEW);

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      let name: string;
      if (selected === NEW) {
        name = newName.trim();
        await dataProvider.create<Dashboard>('dashboards', {
          data: { name, tiles: [newChartTile([], chartId)], filters: [], refreshSeconds: 0 },
        });
      } else {
        const { data: dashboard } = await dataProvider.getOne<Dashboard>('dashboards', {
          id: Number(selected),
        });
        name = dashboard.name;
        await dataProvider.update<Dashboard>('dashboards', {
          id: dashboard.id,
          data: withChartTile(dashboard, chartId),
          previousData: dashboard,
        });
      }
      notify('charts.builder.added', { type: 'success', messageArgs: { name } });
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('charts.builder.addToDashboard')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert">
              {translate('charts.builder.addFailed', { message: error })}
            </Alert>
          )}
          <TextField
            select
            label={translate('charts.builder.dashboard')}
            value={selected}
            onChange={(event) => setChoice(event.target.value)}
            disabled={isPending}
          >
            {dashboards.map((dashboard) => (
              <MenuItem key={dashboard.id} value={String(dashboard.id)}>
                {dashboard.name}
              </MenuItem>
            ))}
            <MenuItem value={NEW}>{translate('charts.builder.newDashboard')}</MenuItem>
          </TextField>
          {selected === NEW && (
            <TextField
              required
              label={translate('charts.builder.newDashboardName')}
              value={newName}
              onChange={(event) => setNewName(event.target.value)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('charts.builder.cancel')}</Button>
        <Button
          variant="contained"
          onClick={add}
          disabled={busy || selected === '' || (selected === NEW && newName.trim() === '')}
        >
          {translate('charts.builder.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
