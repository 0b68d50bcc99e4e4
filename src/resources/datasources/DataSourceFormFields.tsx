import { useEffect, useRef } from 'react';
import { Alert } from '@mui/material';
import {
  BooleanInput,
  NumberInput,
  PasswordInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { DataSource, SourceType } from '../../../common/analytics';
import { defaultSourcePort, sourceTypeInfo } from '../../../common/sourceTypes';
import {
  creatableTypeChoices,
  sourceTypeChoices,
  validateDatabase,
  validateFile,
  validateHost,
  validateName,
  validatePort,
  validateType,
  validateUser,
} from './dataSourceInputs';

const F = 'analytics.datasources.fields';
const H = 'analytics.datasources.helpers';

/**
 * Switching the type, or TLS where it changes the port (ClickHouse: 8123 or 8443), moves a
 * default port along with it; a port the user typed stays.
 */
function DefaultPortOnChange({ type, ssl }: { type: SourceType | undefined; ssl: boolean }) {
  const { getValues, setValue } = useFormContext();
  const previous = useRef({ type, ssl });
  useEffect(() => {
    const before = previous.current;
    previous.current = { type, ssl };
    if (!type || (before.type === type && before.ssl === ssl)) return;
    const port = getValues('config.port');
    const wasDefault =
      port === undefined ||
      port === null ||
      port === '' ||
      (before.type !== undefined && port === defaultSourcePort(before.type, before.ssl));
    const next = defaultSourcePort(type, ssl);
    if (wasDefault && next && next !== port) setValue('config.port', next, { shouldDirty: true });
  }, [type, ssl, getValues, setValue]);
  return null;
}

function PasswordField() {
  const record = useRecordContext<DataSource>();
  const stored = record?.config?.hasPassword === true;
  return (
    <PasswordInput
      source="config.password"
      label={`${F}.password`}
      autoComplete="new-password"
      helperText={stored ? `${H}.passwordKeep` : `${H}.passwordNew`}
    />
  );
}

function ConfigInputs({ type }: { type: SourceType }) {
  const translate = useTranslate();
  const { connection, fields } = sourceTypeInfo(type);
  if (connection === 'warehouse') {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`${H}.warehouse`)}
      </Alert>
    );
  }
  return (
    <>
      {fields.includes('host') && (
        <TextInput
          source="config.host"
          label={`${F}.host`}
          validate={validateHost}
          helperText={`${H}.host`}
        />
      )}
      {fields.includes('port') && (
        <NumberInput source="config.port" label={`${F}.port`} validate={validatePort} step={1} />
      )}
      {fields.includes('database') && (
        <TextInput source="config.database" label={`${F}.database`} validate={validateDatabase} />
      )}
      {fields.includes('user') && (
        <TextInput
          source="config.user"
          label={`${F}.user`}
          validate={validateUser}
          autoComplete="off"
        />
      )}
      {fields.includes('password') && <PasswordField />}
      {fields.includes('ssl') && <BooleanInput source="config.ssl" label={`${F}.ssl`} />}
      {fields.includes('file') && (
        <TextInput
          source="config.file"
          label={`${F}.file`}
          validate={validateFile}
          helperText={`${H}.file`}
        />
      )}
    </>
  );
}

/** Name, type and the typed connection fields of the chosen type. */
export function DataSourceFormFields({ isNew }: { isNew: boolean }) {
  const type = useWatch({ name: 'type' }) as SourceType | undefined;
  const ssl = useWatch({ name: 'config.ssl' }) === true;
  return (
    <>
      <TextInput source="name" label={`${F}.name`} validate={validateName} />
      <SelectInput
        source="type"
        label={`${F}.type`}
        choices={isNew ? creatableTypeChoices : sourceTypeChoices}
        validate={validateType}
        disabled={!isNew}
        helperText={isNew ? false : `${H}.typeFixed`}
      />
      <DefaultPortOnChange type={type} ssl={ssl} />
      {type && <ConfigInputs type={type} />}
    </>
  );
}
