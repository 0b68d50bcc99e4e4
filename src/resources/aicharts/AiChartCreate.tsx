import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ChartBuilder } from './ChartBuilder';

/** A new chart: the builder with an empty draft. */
export default function AiChartCreate() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('charts.builder.newTitle')} />
      <ChartBuilder />
    </Box>
  );
}
