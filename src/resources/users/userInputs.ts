import { email, maxLength, minLength, regex, required } from 'react-admin';
import type { Role } from '../../../common/types';

// Rules shared by the create and edit forms of users; messages are i18n keys shown at the field.

const PASSWORD_MIN_LENGTH = 12;

/** The roles a user of `role` may give: admins their tenant's roles, platform admins theirs. */
export function roleChoicesFor(role: Role | undefined): Role[] {
  if (role === 'platform-admin') return ['platform-admin'];
  if (role === 'admin') return ['admin', 'editor', 'viewer'];
  return [];
}

export const validateUsername = [
  required('resources.users.validation.required'),
  maxLength(64, 'resources.users.validation.tooLong'),
  regex(/^[A-Za-z0-9._-]+$/, 'resources.users.validation.usernameFormat'),
];
export const validateFullName = [
  required('resources.users.validation.required'),
  maxLength(120, 'resources.users.validation.tooLong'),
];
export const validateEmail = [
  required('resources.users.validation.required'),
  email('resources.users.validation.email'),
];
export const validateRole = [required('resources.users.validation.required')];
/** On create an empty password invites the user (a message with a create-password link). */
export const validateInvitationOrPassword = [
  minLength(PASSWORD_MIN_LENGTH, 'resources.users.validation.passwordLength'),
];
/** On edit the password is optional: empty keeps the current one. */
export const validateReplacementPassword = [
  minLength(PASSWORD_MIN_LENGTH, 'resources.users.validation.passwordLength'),
];

const EDITABLE_FIELDS = ['username', 'fullName', 'email', 'role', 'active', 'attributes'] as const;

/**
 * The payload the API accepts: only editable fields (the server refuses unknown ones), plus
 * the password when one was typed.
 */
export function toUserPayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    if (data[field] !== undefined) payload[field] = data[field];
  }
  if (typeof data.password === 'string' && data.password !== '') payload.password = data.password;
  return payload;
}
