import { maxLength, maxValue, minValue, number, regex, required } from 'react-admin';
import type { DataSourceConfig, SourceType } from '../../../common/analytics';
import { isSourceType, SOURCE_TYPES, sourceTypeInfo } from '../../../common/sourceTypes';

// The typed connection fields of each source type (never a connection string; which ones is
// common/sourceTypes.ts), their rules (messages are i18n keys shown at the field) and the
// payload the API accepts.

export const sourceTypeChoices = SOURCE_TYPES.map((type) => ({
  id: type,
  name: `analytics.datasources.types.${type}`,
}));

/** The account's warehouse exists once per account (seeded), so it is never created. */
export const creatableTypeChoices = sourceTypeChoices.filter(
  (choice) => sourceTypeInfo(choice.id).connection !== 'warehouse',
);

const V = 'analytics.validation';

export const validateName = [required(`${V}.required`), maxLength(120, `${V}.tooLong`)];
export const validateType = [required(`${V}.required`)];
/** A host name or IP address: no scheme, path, port or spaces (the port has its own field). */
export const validateHost = [
  required(`${V}.required`),
  maxLength(253, `${V}.tooLong`),
  regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)$/, `${V}.host`),
];
export const validatePort = [
  required(`${V}.required`),
  number(`${V}.port`),
  minValue(1, `${V}.port`),
  maxValue(65535, `${V}.port`),
  (value: unknown) => (Number.isInteger(Number(value)) ? undefined : `${V}.port`),
];
export const validateDatabase = [required(`${V}.required`), maxLength(128, `${V}.tooLong`)];
export const validateUser = [required(`${V}.required`), maxLength(128, `${V}.tooLong`)];
/** A file inside the account's data folder: relative, no `..` segment. */
export const validateFile = [
  required(`${V}.required`),
  maxLength(255, `${V}.tooLong`),
  (value: unknown) => {
    const file = String(value ?? '');
    if (file.startsWith('/') || file.startsWith('\\') || /^[A-Za-z]:/.test(file)) {
      return `${V}.relativeFile`;
    }
    return file.split(/[\\/]/).includes('..') ? `${V}.relativeFile` : undefined;
  },
];

function configPayload(type: SourceType, config: Record<string, unknown>): DataSourceConfig {
  const payload: Record<string, unknown> = {};
  for (const field of sourceTypeInfo(type).fields) {
    const value = config[field];
    if (field === 'password') {
      // Write-only: an empty field keeps the stored password.
      if (typeof value === 'string' && value !== '') payload.password = value;
      continue;
    }
    if (field === 'port') {
      if (value !== undefined && value !== null && value !== '') payload.port = Number(value);
      continue;
    }
    if (field === 'ssl') {
      payload.ssl = value === true;
      continue;
    }
    if (typeof value === 'string') payload[field] = value.trim();
  }
  return payload as DataSourceConfig;
}

/** What the API accepts: name, type and the config fields of that type only. */
export function toDataSourcePayload(data: Record<string, unknown>): Record<string, unknown> {
  const type = data.type;
  const config = (data.config ?? {}) as Record<string, unknown>;
  return {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    type,
    config: typeof type === 'string' && isSourceType(type) ? configPayload(type, config) : {},
  };
}
