import { Box, LinearProgress } from '@mui/material';
import { EditBase, Title, useRecordContext } from 'react-admin';
import type { SavedChart } from '../../../common/charts';
import { ChartBuilder } from './ChartBuilder';

function EditBody() {
  const record = useRecordContext<SavedChart>();
  if (!record) return <LinearProgress />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={record.name} />
      <ChartBuilder key={record.id} record={record} />
    </Box>
  );
}

/** A saved chart in the builder; saving updates the record. */
export default function AiChartEdit() {
  return (
    <EditBase mutationMode="pessimistic" redirect={false}>
      <EditBody />
    </EditBase>
  );
}
