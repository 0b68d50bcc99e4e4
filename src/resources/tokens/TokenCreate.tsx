import { useState } from 'react';
import {
  Create,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { NewTokenDialog } from './NewTokenDialog';

const label = (field: string) => `platform.tokens.fields.${field}`;

function toTokenPayload(data: RaRecord) {
  const days = data.expiresInDays;
  return {
    label: String(data.label ?? '').trim(),
    ...(typeof days === 'number' ? { expiresInDays: days } : {}),
  };
}

/** A new API token: the server answers the token once; it is shown here with a copy button. */
export default function TokenCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(null);
  return (
    <>
      <Create
        transform={toTokenPayload}
        redirect={false}
        mutationOptions={{ onSuccess: (created: RaRecord) => setToken(String(created.token)) }}
      >
        <SimpleForm defaultValues={{ expiresInDays: 90 }}>
          <TextInput
            source="label"
            label={label('label')}
            validate={[required(), maxLength(100)]}
          />
          <NumberInput
            source="expiresInDays"
            label={label('expiresInDays')}
            helperText={translate('platform.tokens.helpers.expiresInDays')}
            validate={[minValue(1), maxValue(365)]}
          />
        </SimpleForm>
      </Create>
      <NewTokenDialog token={token} onClose={() => navigate('/tokens')} />
    </>
  );
}
