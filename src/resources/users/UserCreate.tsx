import { useState } from 'react';
import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { CreatedUser } from '../../../common/api/users';
import { issuedLinkOf, type IssuedLink } from '../../ui/CopyLinkDialog';
import { InvitationLinkDialog } from './InvitationLinkDialog';
import { UserFormFields } from './UserFormFields';
import { toUserPayload } from './userInputs';

/**
 * A user created without a password is invited: the admin gets the invitation's link at once,
 * to copy (and is told whether an e-mail went); the list opens when the dialog closes.
 */
export default function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [invited, setInvited] = useState<{ issued: IssuedLink; email: string } | null>(null);
  const onSuccess = (user: CreatedUser) => {
    if (!user.invitation) {
      notify('resources.users.notifications.created', { type: 'info' });
      redirect('list', 'users');
      return;
    }
    const { createPasswordPath, mailStatus } = user.invitation;
    setInvited({ issued: issuedLinkOf(createPasswordPath, mailStatus), email: user.email });
  };
  const closeInvitation = () => {
    setInvited(null);
    redirect('list', 'users');
  };
  return (
    <>
      <Create transform={toUserPayload} mutationOptions={{ onSuccess }}>
        <SimpleForm noValidate defaultValues={{ active: true }}>
          <UserFormFields isNew />
        </SimpleForm>
      </Create>
      <InvitationLinkDialog
        issued={invited?.issued ?? null}
        email={invited?.email ?? ''}
        onClose={closeInvitation}
        title="resources.users.invitedTitle"
      />
    </>
  );
}
