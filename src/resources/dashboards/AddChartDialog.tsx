import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  TextField,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { SavedChart } from '../../../common/charts';

interface AddChartDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (chart: SavedChart) => void;
}

/** Edit mode: pick one of the account's saved charts to add as a tile. */
export function AddChartDialog({ open, onClose, onPick }: AddChartDialogProps) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const { data, isPending, error } = useGetList<SavedChart>(
    'aicharts',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: q ? { q } : {},
    },
    { enabled: open },
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('dashboards.addChart.title')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          margin="dense"
          label={translate('dashboards.addChart.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        {isPending && <LinearProgress />}
        {error && <Alert severity="error">{String((error as Error).message ?? error)}</Alert>}
        {data && data.length === 0 && (
          <Alert severity="info">{translate('dashboards.addChart.none')}</Alert>
        )}
        <List aria-label={translate('dashboards.addChart.title')}>
          {data?.map((chart) => (
            <ListItemButton key={chart.id} onClick={() => onPick(chart)}>
              <ListItemText primary={chart.name} secondary={chart.spec?.type} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
