import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert, Box } from '@mui/material';
import type { ManagedUser } from '../../../common/api/users';
import { InvitationLinkButton } from './InvitationLinkButton';
import { UserFormFields } from './UserFormFields';
import { UserStatusChip } from './UserStatusChip';
import { toUserPayload } from './userInputs';

function UserEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <InvitationLinkButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

/** The user's status above the form; an invited user's says how to pass the link on. */
function UserStatusHeader() {
  const record = useRecordContext<ManagedUser>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <UserStatusChip />
      {record.status === 'invited' && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('resources.users.invitedNote')}
        </Alert>
      )}
    </Box>
  );
}

export default function UserEdit() {
  return (
    <Edit transform={toUserPayload} mutationMode="pessimistic" redirect="list">
      <SimpleForm noValidate toolbar={<UserEditToolbar />}>
        <UserStatusHeader />
        <UserFormFields isNew={false} />
      </SimpleForm>
    </Edit>
  );
}
