import { Typography } from '@mui/material';
import {
  ArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useSourceContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SynonymsInput } from './SynonymsInput';
import {
  fieldRoleChoices,
  fieldTypeChoices,
  goodDirectionChoices,
  validateLabel,
} from './datasetInputs';
import { FIELD_LABEL, TranslationsInput } from '../../ui/translations/TranslationsInput';

// The fields grid of a dataset: one line per detected column with its label, type, role,
// synonyms, format and, for a measure, which way is good. Columns come from the data, so none
// are added or removed here.

const F = 'analytics.datasets.fields';

// A line wraps rather than squeezing its inputs (full width by default) until values are cut.
const WRAPPING_LINES = {
  '& .RaSimpleFormIterator-form': {
    flex: 1,
    flexWrap: 'wrap',
    rowGap: 1,
    '& > :not([data-testid="field-name"])': { flex: '1 1 130px', minWidth: 130 },
  },
};

function FieldName() {
  const sourceContext = useSourceContext();
  const name = useWatch({ name: sourceContext.getSource('name') }) as string | undefined;
  return (
    <Typography
      sx={{ fontFamily: 'monospace', minWidth: 160, alignSelf: 'center' }}
      data-testid="field-name"
    >
      {name}
    </Typography>
  );
}

function FieldSynonyms() {
  const sourceContext = useSourceContext();
  const name = useWatch({ name: sourceContext.getSource('name') }) as string | undefined;
  return <SynonymsInput source="synonyms" fieldName={name ?? ''} />;
}

/** A measure says which way of its change is good news (KPI colours); up when not said. */
function FieldGoodDirection() {
  const sourceContext = useSourceContext();
  const role = useWatch({ name: sourceContext.getSource('role') }) as string | undefined;
  if (role !== 'measure') return null;
  return (
    <SelectInput
      source="goodDirection"
      label={`${F}.goodDirection`}
      choices={goodDirectionChoices}
      emptyText="analytics.datasets.goodDirections.unset"
      helperText={false}
    />
  );
}

export function DatasetFieldsEditor() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('analytics.datasets.fieldsTitle')}
      </Typography>
      <ArrayInput source="fields" label={false}>
        <SimpleFormIterator
          inline
          disableAdd
          disableRemove
          disableReordering
          disableClear
          sx={WRAPPING_LINES}
        >
          <FieldName />
          <TextInput
            source="label"
            label={`${F}.label`}
            validate={validateLabel}
            helperText={false}
          />
          <TranslationsInput fields={FIELD_LABEL} />
          <SelectInput
            source="type"
            label={`${F}.type`}
            choices={fieldTypeChoices}
            helperText={false}
          />
          <SelectInput
            source="role"
            label={`${F}.role`}
            choices={fieldRoleChoices}
            helperText={false}
          />
          <FieldSynonyms />
          <TextInput
            source="format"
            label={`${F}.format`}
            helperText={false}
            placeholder={translate('analytics.datasets.formatHint')}
          />
          <FieldGoodDirection />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
