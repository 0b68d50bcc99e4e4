import { Create, SimpleForm } from 'react-admin';
import { UserFormFields } from './UserFormFields';
import { toUserPayload } from './userInputs';

export default function UserCreate() {
  return (
    <Create transform={toUserPayload} redirect="list">
      <SimpleForm noValidate defaultValues={{ active: true }}>
        <UserFormFields isNew />
      </SimpleForm>
    </Create>
  );
}
