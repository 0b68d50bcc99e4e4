import { Box, Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import InsertChartIcon from '@mui/icons-material/InsertChart';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { QueryResult } from '../../../common/analytics';
import { downloadFile, resultToCsv } from '../../ui/charts/exporters';
import { draftRouteState, NEW_CHART_PATH } from '../../ui/warehouse/datasetDraft';

const EXPLORER_CSV_NAME = 'query-result.csv';

/** Beside a result: its rows as a CSV file, and a chart of the query in the chart builder. */
export function ResultActions({
  result,
  sourceId,
  sql,
}: {
  result: QueryResult;
  sourceId: number;
  sql: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() =>
          downloadFile(EXPLORER_CSV_NAME, resultToCsv(result), 'text/csv;charset=utf-8')
        }
      >
        {translate('analytics.explorer.downloadCsv')}
      </Button>
      <Button
        size="small"
        startIcon={<InsertChartIcon />}
        onClick={() =>
          navigate(NEW_CHART_PATH, {
            state: draftRouteState({ sourceId, sql, columns: result.columns }),
          })
        }
      >
        {translate('analytics.explorer.visualise')}
      </Button>
    </Box>
  );
}
