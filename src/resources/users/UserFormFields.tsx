import { BooleanInput, PasswordInput, SelectInput, TextInput, usePermissions } from 'react-admin';
import type { Role } from '../../model/types';
import {
  roleChoicesFor,
  validateEmail,
  validateFullName,
  validateNewPassword,
  validateReplacementPassword,
  validateRole,
  validateUsername,
} from './userInputs';

/** The inputs of a user, for create (`isNew`: password required) and edit (password optional). */
export function UserFormFields({ isNew }: { isNew: boolean }) {
  const { permissions } = usePermissions<Role>();
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
      <BooleanInput source="active" />
      {isNew ? (
        <PasswordInput
          source="password"
          validate={validateNewPassword}
          autoComplete="new-password"
          helperText="resources.users.helpers.password"
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
