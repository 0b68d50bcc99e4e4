import { SITE_PATTERN } from '../../../common/site';

// Field rules of the registration form; the server checks the same rules again.

export interface RegistrationValues {
  companyName: string;
  site: string;
  fullName: string;
  email: string;
  username: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  companyName: '',
  site: '',
  fullName: '',
  email: '',
  username: '',
};

const USERNAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,62}[a-zA-Z0-9]$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Error message keys (i18n) per field; an empty object when the form may be sent. */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const required = 'platform.register.errors.required';
  if (values.companyName.trim() === '') errors.companyName = required;
  else if (values.companyName.trim().length > 200)
    errors.companyName = 'platform.register.errors.tooLong';
  if (values.site.trim() === '') errors.site = required;
  else if (!SITE_PATTERN.test(values.site.trim())) errors.site = 'platform.register.errors.site';
  if (values.fullName.trim() === '') errors.fullName = required;
  else if (values.fullName.trim().length > 200)
    errors.fullName = 'platform.register.errors.tooLong';
  if (values.email.trim() === '') errors.email = required;
  else if (!EMAIL_PATTERN.test(values.email.trim()) || values.email.trim().length > 254) {
    errors.email = 'platform.register.errors.email';
  }
  if (values.username.trim() === '') errors.username = required;
  else if (!USERNAME_PATTERN.test(values.username.trim())) {
    errors.username = 'platform.register.errors.username';
  }
  return errors;
}

/** The values as sent: trimmed, the site in lower case. */
export function registrationPayload(values: RegistrationValues): RegistrationValues {
  return {
    companyName: values.companyName.trim(),
    site: values.site.trim().toLowerCase(),
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    username: values.username.trim(),
  };
}

/** The host a new site would live on: `acme` on `localhost:3000` -> `acme.localhost:3000`. */
export function sitePreview(site: string, host: string): string {
  const base = host.replace(/^www\./, '');
  return `${site.trim().toLowerCase() || '…'}.${base}`;
}
