import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { Dashboard, DashboardLink } from '../../../common/charts';

interface TileLinkDialogProps {
  /** null: closed; else the tile's link (undefined: none yet) */
  link: DashboardLink | undefined | null;
  /** the dashboard being edited (not offered as a target) */
  dashboardId: number;
  onClose: () => void;
  /** undefined: the link is removed */
  onSave: (link: DashboardLink | undefined) => void;
}

/**
 * Edit mode: link a chart tile to another dashboard of the account, naming which of its
 * filters receives the value clicked; the chart's menu then offers "Open <dashboard>".
 */
export function TileLinkDialog({ link, dashboardId, onClose, onSave }: TileLinkDialogProps) {
  const translate = useTranslate();
  const open = link !== null;
  const { data: dashboards = [], isPending } = useGetList<Dashboard>(
    'dashboards',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const [target, setTarget] = useState<number | ''>('');
  const [filterId, setFilterId] = useState('');
  useEffect(() => {
    setTarget(link?.dashboardId ?? '');
    setFilterId(link?.filterId ?? '');
  }, [link]);
  const targets = dashboards.filter((dashboard) => dashboard.id !== dashboardId);
  const filters = targets.find((dashboard) => dashboard.id === target)?.filters ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('dashboards.link.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate('dashboards.link.help')}</DialogContentText>
        {!isPending && targets.length === 0 && (
          <Alert severity="info">{translate('dashboards.link.noDashboards')}</Alert>
        )}
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate('dashboards.link.dashboard')}
          value={targets.some((d) => d.id === target) ? target : ''}
          disabled={targets.length === 0}
          onChange={(event) => {
            setTarget(Number(event.target.value));
            setFilterId('');
          }}
        >
          {targets.map((dashboard) => (
            <MenuItem key={dashboard.id} value={dashboard.id}>
              {dashboard.name}
            </MenuItem>
          ))}
        </TextField>
        {target !== '' && filters.length === 0 && (
          <Alert severity="warning">{translate('dashboards.link.noFilters')}</Alert>
        )}
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate('dashboards.link.filter')}
          value={filters.some((f) => f.id === filterId) ? filterId : ''}
          disabled={filters.length === 0}
          onChange={(event) => setFilterId(event.target.value)}
        >
          {filters.map((filter) => (
            <MenuItem key={filter.id} value={filter.id}>
              {filter.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        {link && (
          <Button color="error" onClick={() => onSave(undefined)}>
            {translate('dashboards.link.remove')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={target === '' || !filters.some((f) => f.id === filterId)}
          onClick={() => target !== '' && onSave({ dashboardId: target, filterId })}
        >
          {translate('dashboards.text.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
