import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { AskBox } from './ask/AskBox';
import { ChartBuilder } from './ChartBuilder';

/** A new chart: ask a question, or build it field by field; both fill the same draft. */
export default function AiChartCreate() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('charts.builder.newTitle')} />
      <ChartBuilder header={(state) => <AskBox state={state} />} />
    </Box>
  );
}
