import { Box } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { AccountSsoPanel } from './AccountSsoPanel';
import { AccountStatusChip } from './AccountStatusChip';
import { AccountUsagePanel } from './AccountUsagePanel';
import { PlanInput } from './PlanInput';
import { SuspendButton } from './SuspendButton';
import { toAccountUpdatePayload, validateName } from './accountInputs';

function AccountEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SuspendButton />
        <DeleteWithConfirmButton mutationMode="pessimistic" />
      </Box>
    </Toolbar>
  );
}

export default function AccountEdit() {
  return (
    <Edit transform={toAccountUpdatePayload} mutationMode="pessimistic" redirect="list">
      <SimpleForm noValidate toolbar={<AccountEditToolbar />}>
        <AccountStatusChip />
        <TextInput source="site" disabled helperText="resources.accounts.helpers.siteFixed" />
        <TextInput source="name" validate={validateName} />
        <PlanInput />
        <AccountUsagePanel />
        <AccountSsoPanel />
      </SimpleForm>
    </Edit>
  );
}
