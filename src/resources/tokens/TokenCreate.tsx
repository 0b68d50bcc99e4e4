import { useState } from 'react';
import {
  Create,
  NumberInput,
  SelectInput,
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
import type { ApiTokenCreate } from '../../../common/api/tokens';
import { NewTokenDialog } from './NewTokenDialog';
import { SCOPE_CHOICES } from './tokenScopes';

const label = (field: string) => `platform.tokens.fields.${field}`;

function toTokenPayload(data: RaRecord): ApiTokenCreate {
  const days = data.expiresInDays;
  return {
    label: String(data.label ?? '').trim(),
    scope: data.scope === 'read' ? 'read' : 'read-write',
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
        <SimpleForm defaultValues={{ expiresInDays: 90, scope: 'read' }}>
          <TextInput
            source="label"
            label={label('label')}
            validate={[required(), maxLength(100)]}
          />
          <SelectInput
            source="scope"
            label={label('scope')}
            choices={SCOPE_CHOICES}
            helperText={translate('platform.tokens.helpers.scope')}
            validate={required()}
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
