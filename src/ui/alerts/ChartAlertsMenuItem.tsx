import { MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useChartAlerts } from './alertsApi';

/** The chart menu's "Alerts…" (on signed-in pages only): opens the chart's alerts. */
export function ChartAlertsMenuItem({
  chartId,
  onChosen,
}: {
  chartId: number;
  onChosen: () => void;
}) {
  const translate = useTranslate();
  const { enabled } = useChartAlerts(chartId);
  if (!enabled) return null;
  return <MenuItem onClick={onChosen}>{translate('alerts.actions.menu')}</MenuItem>;
}
