import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { ResendInvitationButton } from './ResendInvitationButton';
import { UserFormFields } from './UserFormFields';
import { toUserPayload } from './userInputs';

function UserEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <ResendInvitationButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export default function UserEdit() {
  return (
    <Edit transform={toUserPayload} mutationMode="pessimistic" redirect="list">
      <SimpleForm noValidate toolbar={<UserEditToolbar />}>
        <UserFormFields isNew={false} />
      </SimpleForm>
    </Edit>
  );
}
