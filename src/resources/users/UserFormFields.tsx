import {
  BooleanInput,
  PasswordInput,
  SelectInput,
  TextInput,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { ManagedUser } from '../../../common/api/users';
import type { Role } from '../../../common/types';
import { UserAttributesInput } from './UserAttributesInput';
import {
  roleChoicesFor,
  validateEmail,
  validateFullName,
  validateInvitationOrPassword,
  validateReplacementPassword,
  validateRole,
  validateUsername,
} from './userInputs';

/**
 * The inputs of a user, for create (`isNew`: without a password the user is invited by a
 * message) and edit (an empty password keeps the current one).
 */
export function UserFormFields({ isNew }: { isNew: boolean }) {
  const { permissions } = usePermissions<Role>();
  const record = useRecordContext<ManagedUser>();
  // An invited user becomes active by creating their password, not by this switch.
  const invited = !isNew && record?.status === 'invited';
  const roleChoices = roleChoicesFor(permissions).map((role) => ({
    id: role,
    name: `resources.users.roles.${role}`,
  }));
  return (
    <>
      <TextInput source="username" validate={validateUsername} autoComplete="off" />
      <TextInput source="fullName" validate={validateFullName} />
      <TextInput source="email" type="email" validate={validateEmail} />
      <SelectInput source="role" choices={roleChoices} validate={validateRole} />
      {!invited && <BooleanInput source="active" />}
      {permissions === 'admin' && <UserAttributesInput />}
      {isNew ? (
        <PasswordInput
          source="password"
          validate={validateInvitationOrPassword}
          autoComplete="new-password"
          helperText="resources.users.helpers.inviteOrPassword"
        />
      ) : (
        <PasswordInput
          source="password"
          label="resources.users.fields.newPassword"
          validate={validateReplacementPassword}
          autoComplete="new-password"
          helperText="resources.users.helpers.newPassword"
        />
      )}
    </>
  );
}
