import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { draftFromRouteState } from '../../ui/warehouse/datasetDraft';
import { AskBox } from './ask/AskBox';
import { ChartBuilder } from './ChartBuilder';
import { DatasetDraftPanel } from './DatasetDraftPanel';

/**
 * A new chart: ask a question, or build it field by field; both fill the same draft. Opened
 * by the explorer's "Visualise", it draws the query's rows at once; saving keeps it.
 */
export default function AiChartCreate() {
  const translate = useTranslate();
  const datasetDraft = draftFromRouteState(useLocation().state);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('charts.builder.newTitle')} />
      <ChartBuilder
        sqlDraft={datasetDraft}
        header={(state) => (
          <>
            {datasetDraft && <DatasetDraftPanel draft={datasetDraft} state={state} />}
            <AskBox state={state} />
          </>
        )}
      />
    </Box>
  );
}
