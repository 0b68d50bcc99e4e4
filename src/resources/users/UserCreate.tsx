import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { ManagedUser } from '../../model/api/users';
import { UserFormFields } from './UserFormFields';
import { toUserPayload } from './userInputs';

/** A user created without a password is invited: the notice says which happened. */
export default function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (user: ManagedUser) => {
    const notice = user.status === 'invited' ? 'invited' : 'created';
    notify(`resources.users.notifications.${notice}`, { type: 'info' });
    redirect('list', 'users');
  };
  return (
    <Create transform={toUserPayload} mutationOptions={{ onSuccess }}>
      <SimpleForm noValidate defaultValues={{ active: true }}>
        <UserFormFields isNew />
      </SimpleForm>
    </Create>
  );
}
