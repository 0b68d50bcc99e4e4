import { maxLength, regex, required } from 'react-admin';
import { SITE_PATTERN } from '../../../common/site';

// Rules of the account forms; messages are i18n keys shown at the field.

export const validateSite = [
  required('resources.accounts.validation.required'),
  regex(SITE_PATTERN, 'resources.accounts.validation.site'),
];
export const validateName = [
  required('resources.accounts.validation.required'),
  maxLength(120, 'resources.accounts.validation.tooLong'),
];

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
}

/**
 * Create sends every field; the site of an existing account is fixed (its URLs depend on it).
 * The plan is picked by id (the server keeps its name as the label); suspending and
 * reactivating (`active`) are the edit screen's explicit actions.
 */
export const toAccountCreatePayload = (data: Record<string, unknown>) =>
  pick(data, ['site', 'name', 'planId', 'active']);
export const toAccountUpdatePayload = (data: Record<string, unknown>) =>
  pick(data, ['name', 'planId']);
