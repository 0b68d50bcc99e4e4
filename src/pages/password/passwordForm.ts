/** Shortest password the server accepts (docs/architecture.md §7). */
export const MIN_PASSWORD_LENGTH = 12;

export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

/** Error message keys (i18n) of the create-password form. */
export function validateNewPassword(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'platform.createPassword.tooShort';
  if (confirm !== password) errors.confirm = 'platform.createPassword.mismatch';
  return errors;
}
