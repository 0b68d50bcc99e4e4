import {
  BooleanInput,
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { toAccountUpdatePayload, validateName, validatePlan } from './accountInputs';

function AccountEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export default function AccountEdit() {
  return (
    <Edit transform={toAccountUpdatePayload} mutationMode="pessimistic" redirect="list">
      <SimpleForm noValidate toolbar={<AccountEditToolbar />}>
        <TextInput source="site" disabled helperText="resources.accounts.helpers.siteFixed" />
        <TextInput source="name" validate={validateName} />
        <TextInput source="plan" validate={validatePlan} />
        <BooleanInput source="active" />
      </SimpleForm>
    </Edit>
  );
}
