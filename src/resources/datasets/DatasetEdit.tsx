import { Box, Typography } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  ReferenceField,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Dataset } from '../../../common/analytics';
import { DatasetFieldsEditor } from './DatasetFieldsEditor';
import { DrillPathsInput } from './DrillPathsInput';
import { DatasetPolicies } from './DatasetPolicies';
import { DatasetRollups } from './DatasetRollups';
import { DatasetPreview } from './DatasetPreview';
import { DatasetRowCount } from './DatasetRowCount';
import { RecordHistory } from '../../ui/revisions/RecordHistory';
import { toDatasetUpdatePayload, validateDatasetName, validateSql } from './datasetInputs';

const F = 'analytics.datasets.fields';

function DatasetEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" redirect="list" />
    </Toolbar>
  );
}

/** Where the dataset's rows come from: its source and table, or its SQL (editable). */
function DatasetOrigin() {
  const translate = useTranslate();
  const record = useRecordContext<Dataset>();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2" color="text.secondary" component="div">
        {translate(`${F}.source`)}:{' '}
        <ReferenceField source="sourceId" reference="datasources" link={false}>
          <TextField source="name" />
        </ReferenceField>
        {record.table && (
          <>
            {' · '}
            {translate(`${F}.table`)}: <code>{record.table}</code>
          </>
        )}
      </Typography>
      {record.sql !== undefined && record.sql !== null && !record.table && (
        <TextInput
          source="sql"
          label={`${F}.sql`}
          validate={validateSql}
          multiline
          minRows={4}
          fullWidth
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, spellCheck: false } }}
        />
      )}
    </Box>
  );
}

function DatasetExtras() {
  const record = useRecordContext<Dataset & { updatedAt?: string }>();
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <DatasetRowCount
        key={`${record.id}-${record.rowCount}`}
        datasetId={record.id}
        rowCount={record.rowCount}
      />
      <DatasetPolicies dataset={record} />
      <DatasetRollups dataset={record} />
      <DatasetPreview
        datasetId={record.id}
        version={record.updatedAt ?? JSON.stringify(record.fields)}
      />
    </Box>
  );
}

export default function DatasetEdit() {
  return (
    <Edit
      transform={toDatasetUpdatePayload}
      mutationMode="pessimistic"
      redirect={false}
      actions={
        <TopToolbar>
          <RecordHistory kind="dataset" section="datasets" />
        </TopToolbar>
      }
    >
      <SimpleForm noValidate toolbar={<DatasetEditToolbar />}>
        <TextInput source="name" label={`${F}.name`} validate={validateDatasetName} />
        <TextInput source="description" label={`${F}.description`} multiline fullWidth />
        <DatasetOrigin />
        <DatasetFieldsEditor />
        <DrillPathsInput />
      </SimpleForm>
      <DatasetExtras />
    </Edit>
  );
}
