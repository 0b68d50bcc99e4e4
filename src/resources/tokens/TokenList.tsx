import {
  BooleanField,
  CreateButton,
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  SelectField,
  TextField,
  TopToolbar,
  WithRecord,
} from 'react-admin';
import { EmbedSecretsPanel } from './EmbedSecretsPanel';
import { SCOPE_CHOICES } from './tokenScopes';

const label = (field: string) => `platform.tokens.fields.${field}`;

/** The signed-in user's own API tokens; deleting one revokes it at once. */
export default function TokenList() {
  return (
    <>
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="label" label={label('label')} />
          <SelectField source="scope" label={label('scope')} choices={SCOPE_CHOICES} />
          <DateField source="createdAt" label={label('createdAt')} showTime />
          <DateField source="lastUsedAt" label={label('lastUsedAt')} showTime emptyText="—" />
          <DateField source="expiresAt" label={label('expiresAt')} showTime />
          <BooleanField source="revoked" label={label('revoked')} sortable={false} />
          <WithRecord
            render={(token) =>
              token.revoked ? null : (
                <DeleteWithConfirmButton
                  mutationMode="pessimistic"
                  label="platform.tokens.revoke"
                  confirmTitle="platform.tokens.revokeTitle"
                  confirmContent="platform.tokens.revokeContent"
                  translateOptions={{ label: token.label }}
                  redirect={false}
                />
              )
            }
          />
        </Datagrid>
      </List>
      <EmbedSecretsPanel />
    </>
  );
}
