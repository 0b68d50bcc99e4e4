import {
  Create,
  SaveButton,
  Toolbar,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Alert } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { datasetPrefillFromSearch } from '../../ui/warehouse/datasetLinks';
import { useSchema } from '../../ui/warehouse/useSchema';
import { SourceInput } from './SourceInput';
import { UploadDatasetButton } from './UploadDatasetButton';
import {
  toDatasetCreatePayload,
  validateDatasetName,
  validateRequired,
  validateSql,
} from './datasetInputs';

const F = 'analytics.datasets.fields';

const modeChoices = [
  { id: 'table', name: 'analytics.datasets.modes.table' },
  { id: 'sql', name: 'analytics.datasets.modes.sql' },
];

function TableInput() {
  const translate = useTranslate();
  const sourceId = useWatch({ name: 'sourceId' }) as number | undefined;
  const schema = useSchema(sourceId ?? null);
  if (!sourceId) return null;
  if (schema.error) {
    return (
      <Alert severity="error">
        {translate('analytics.schema.failed', { message: schema.error })}
      </Alert>
    );
  }
  const choices = (schema.schema?.tables ?? []).map((table) => ({
    id: table.name,
    name: table.name,
  }));
  return (
    <SelectInput
      source="table"
      label={`${F}.table`}
      choices={choices}
      isPending={schema.loading}
      validate={validateRequired}
    />
  );
}

function SourceQueryInputs() {
  const mode = useWatch({ name: 'mode' }) as string | undefined;
  return (
    <>
      <RadioButtonGroupInput source="mode" label={`${F}.mode`} choices={modeChoices} />
      {mode === 'sql' ? (
        <TextInput
          source="sql"
          label={`${F}.sql`}
          validate={validateSql}
          multiline
          minRows={6}
          fullWidth
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, spellCheck: false } }}
        />
      ) : (
        <TableInput />
      )}
    </>
  );
}

// A link may prefill the source, table and name: saving is possible without any edit.
function CreateToolbar() {
  return (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
}

/** Create a dataset: pick the source, then a table of its schema or a SQL query. */
export default function DatasetCreate() {
  const { search } = useLocation();
  const prefill = datasetPrefillFromSearch(search);
  return (
    <Create
      transform={toDatasetCreatePayload}
      redirect="edit"
      actions={
        <TopToolbar>
          <UploadDatasetButton />
        </TopToolbar>
      }
    >
      <SimpleForm
        noValidate
        toolbar={<CreateToolbar />}
        defaultValues={{ mode: 'table', name: prefill.table ?? '', ...prefill }}
      >
        <TextInput source="name" label={`${F}.name`} validate={validateDatasetName} />
        <TextInput source="description" label={`${F}.description`} multiline fullWidth />
        <SourceInput />
        <SourceQueryInputs />
      </SimpleForm>
    </Create>
  );
}
