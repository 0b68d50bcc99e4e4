import { Chip, Tooltip } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import { useTranslate } from 'react-admin';
import { useChartAlerts } from './alertsApi';

/**
 * Says on a chart that one of the user's alerts on it is failing (its last check's error in
 * the tooltip) or paused; nothing when all are well.
 */
export function AlertBadge({ chartId }: { chartId: number }) {
  const translate = useTranslate();
  const { alerts } = useChartAlerts(chartId);
  const failing = alerts.find((alert) => alert.lastError && !alert.paused);
  const paused = alerts.filter((alert) => alert.paused);
  if (failing) {
    return (
      <Tooltip
        title={translate('alerts.badge.failingTip', {
          name: failing.name,
          error: failing.lastError,
        })}
      >
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<ErrorOutlineIcon />}
          label={translate('alerts.badge.failing')}
          tabIndex={0}
          data-alert-badge="failing"
        />
      </Tooltip>
    );
  }
  if (paused.length === 0) return null;
  return (
    <Tooltip
      title={translate('alerts.badge.pausedTip', { names: paused.map((a) => a.name).join(', ') })}
    >
      <Chip
        size="small"
        variant="outlined"
        icon={<PauseCircleOutlineIcon />}
        label={translate('alerts.badge.paused')}
        tabIndex={0}
        data-alert-badge="paused"
      />
    </Tooltip>
  );
}
