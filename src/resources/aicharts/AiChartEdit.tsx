import { useState } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { EditBase, Title, useRecordContext } from 'react-admin';
import type { SavedChart } from '../../../common/charts';
import { RecordHistory } from '../../ui/revisions/RecordHistory';
import { ChartBuilder } from './ChartBuilder';

function EditBody() {
  const record = useRecordContext<SavedChart>();
  // A restored revision starts the builder afresh from the record read again.
  const [restores, setRestores] = useState(0);
  if (!record) return <LinearProgress />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={record.name} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <RecordHistory
          kind="chart"
          section="aicharts"
          onRestored={() => setRestores((n) => n + 1)}
        />
      </Box>
      <ChartBuilder key={`${record.id}-${restores}`} record={record} />
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
