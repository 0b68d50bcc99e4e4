import { useState } from 'react';
import {
  Alert as Notice,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { Alert } from '../../../common/api/alerts';
import { AlertForm } from './AlertForm';
import { changeAlert, deleteAlert, useChartAlerts } from './alertsApi';

interface ChartAlertsDialogProps {
  chart: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}

/** The alert's condition in words ("Above 100", "Changes by more than 10%"). */
export function useConditionText() {
  const translate = useTranslate();
  return (alert: Alert) =>
    alert.condition.kind === 'change'
      ? translate('alerts.condition.change', { percent: alert.condition.percent })
      : translate(`alerts.condition.${alert.condition.kind}`, {
          threshold: alert.condition.threshold,
        });
}

function StateChip({ alert }: { alert: Alert }) {
  const translate = useTranslate();
  if (alert.paused) return <Chip size="small" label={translate('alerts.state.paused')} />;
  if (alert.lastError) {
    return <Chip size="small" color="error" label={translate('alerts.state.failing')} />;
  }
  const color = alert.state === 'firing' ? 'warning' : 'default';
  return <Chip size="small" color={color} label={translate(`alerts.state.${alert.state}`)} />;
}

/** The user's alerts on a chart: set, change, pause or resume, delete (after confirming). */
export function ChartAlertsDialog({ chart, open, onClose }: ChartAlertsDialogProps) {
  const translate = useTranslate();
  const conditionText = useConditionText();
  const { alerts, loading, error, reload } = useChartAlerts(chart.id);
  const [editing, setEditing] = useState<Alert | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (caught) {
      setFailure((caught as Error).message);
    }
    await reload();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('alerts.dialog.title', { name: chart.name })}</DialogTitle>
      <DialogContent>
        {loading && <LinearProgress aria-label={translate('alerts.dialog.loading')} />}
        {error && <Notice severity="error">{error}</Notice>}
        {failure && <Notice severity="error">{failure}</Notice>}
        {editing ? (
          <AlertForm
            chart={chart}
            alert={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
          />
        ) : (
          <>
            {!loading && !error && alerts.length === 0 && (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {translate('alerts.dialog.empty')}
              </Typography>
            )}
            <List aria-label={translate('alerts.dialog.list')}>
              {alerts.map((alert) => (
                <ListItem key={alert.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={alert.name}
                    secondary={
                      alert.lastError
                        ? translate('alerts.dialog.lastError', { error: alert.lastError })
                        : conditionText(alert)
                    }
                    sx={{ minWidth: 180 }}
                  />
                  <StateChip alert={alert} />
                  <Stack direction="row" spacing={0.5}>
                    <Button size="small" onClick={() => setEditing(alert)}>
                      {translate('ra.action.edit')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() =>
                        void act(() => changeAlert(alert.id, { paused: !alert.paused }))
                      }
                    >
                      {translate(alert.paused ? 'alerts.actions.resume' : 'alerts.actions.pause')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(alert)}>
                      {translate('ra.action.delete')}
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      {!editing && (
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          <Button variant="contained" onClick={() => setEditing('new')}>
            {translate('alerts.actions.new')}
          </Button>
        </DialogActions>
      )}
      <Confirm
        isOpen={deleting !== null}
        title={translate('alerts.delete.title')}
        content={translate('alerts.delete.content', { name: deleting?.name ?? '' })}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void act(() => deleteAlert(target.id));
        }}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
