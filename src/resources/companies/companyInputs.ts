import { maxLength, regex, required } from 'react-admin';

// Rules of the company profile form; messages are i18n keys shown at the field. The server
// checks the same again (and the logo's real type from its content).

const LOGO_MAX_BYTES = 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** For the file picker (react-dropzone's format). */
export const LOGO_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const WEBSITE_PATTERN = /^(?:https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]+$/i;

export const validateName = [
  required('resources.companies.validation.required'),
  maxLength(120, 'resources.companies.validation.tooLong'),
];
export const validateWebsite = [
  maxLength(200, 'resources.companies.validation.tooLong'),
  regex(WEBSITE_PATTERN, 'resources.companies.validation.website'),
];
export const validateColour = [
  required('resources.companies.validation.required'),
  regex(COLOUR_PATTERN, 'resources.companies.validation.colour'),
];
export const validateAccount = [required('resources.companies.validation.required')];

interface LogoValue {
  rawFile?: File;
}

/** A newly chosen logo must be PNG, JPEG, GIF or WebP and at most 1 MB. */
export function validateLogo(value: LogoValue | null | undefined): string | undefined {
  const file = value?.rawFile;
  if (!file) return undefined;
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
    return 'resources.companies.validation.logoType';
  }
  if (file.size > LOGO_MAX_BYTES) return 'resources.companies.validation.logoSize';
  return undefined;
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
}

const PROFILE_FIELDS = ['name', 'website', 'primaryColor', 'secondaryColor', 'logo'] as const;

/** The multipart payload: the editable fields, and the account only when creating. */
export const toProfileCreatePayload = (data: Record<string, unknown>) =>
  pick(data, [...PROFILE_FIELDS, 'accountId']);
export const toProfileUpdatePayload = (data: Record<string, unknown>) => pick(data, PROFILE_FIELDS);
