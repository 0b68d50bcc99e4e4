import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CHART_TYPES, type ChartType } from '../../../common/charts';
import { CHART_TYPE_ICONS } from './ChartTypePicker';

export function ChartTypeLabel({ type }: { type: ChartType | undefined }) {
  const translate = useTranslate();
  if (!type || !CHART_TYPES.includes(type)) return null;
  const Icon = CHART_TYPE_ICONS[type];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" />
      <span>{translate(`charts.types.${type}`)}</span>
    </Stack>
  );
}
