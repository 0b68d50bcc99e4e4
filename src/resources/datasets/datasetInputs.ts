import { maxLength, required } from 'react-admin';
import {
  FIELD_ROLES,
  FIELD_TYPES,
  GOOD_DIRECTIONS,
  type DatasetField,
  type GoodDirection,
} from '../../../common/analytics';

// Rules and payloads of the dataset forms; messages are i18n keys shown at the field.

const V = 'analytics.validation';

export const validateDatasetName = [required(`${V}.required`), maxLength(120, `${V}.tooLong`)];
export const validateRequired = [required(`${V}.required`)];
export const validateSql = [required(`${V}.required`), maxLength(100_000, `${V}.tooLong`)];
export const validateLabel = [required(`${V}.required`), maxLength(120, `${V}.tooLong`)];

export const fieldTypeChoices = FIELD_TYPES.map((type) => ({
  id: type,
  name: `analytics.datasets.fieldTypes.${type}`,
}));
export const fieldRoleChoices = FIELD_ROLES.map((role) => ({
  id: role,
  name: `analytics.datasets.roles.${role}`,
}));

export const goodDirectionChoices = GOOD_DIRECTIONS.map((direction) => ({
  id: direction,
  name: `analytics.datasets.goodDirections.${direction}`,
}));

type DatasetMode = 'table' | 'sql';

function isGoodDirection(value: unknown): value is GoodDirection {
  return (GOOD_DIRECTIONS as readonly unknown[]).includes(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Create: the source, a name, and either a table or a SQL query (fields are detected). */
export function toDatasetCreatePayload(data: Record<string, unknown>): Record<string, unknown> {
  const mode: DatasetMode = data.mode === 'sql' ? 'sql' : 'table';
  const description = text(data.description);
  return {
    sourceId: Number(data.sourceId),
    name: text(data.name),
    ...(description ? { description } : {}),
    ...(mode === 'sql' ? { sql: text(data.sql) } : { table: data.table }),
  };
}

function cleanField(field: DatasetField): DatasetField {
  const synonyms = [...new Set((field.synonyms ?? []).map((s) => s.trim()).filter(Boolean))];
  const format = text(field.format);
  return {
    name: field.name,
    label: text(field.label) ?? field.name,
    type: field.type,
    role: field.role,
    synonyms,
    ...(format ? { format } : {}),
    // Only a measure has a good direction; an empty choice means none was said.
    ...(field.role === 'measure' && isGoodDirection(field.goodDirection)
      ? { goodDirection: field.goodDirection }
      : {}),
  };
}

/** Edit: the editable parts; the source and the table stay as they are. */
export function toDatasetUpdatePayload(data: Record<string, unknown>): Record<string, unknown> {
  const fields = Array.isArray(data.fields) ? (data.fields as DatasetField[]).map(cleanField) : [];
  return {
    sourceId: data.sourceId,
    name: text(data.name),
    description: text(data.description) ?? '',
    ...(typeof data.sql === 'string' && data.sql.trim() !== ''
      ? { sql: data.sql.trim() }
      : { table: data.table }),
    // No fields (none detected yet) leaves the server's detection in charge.
    ...(fields.length > 0 ? { fields } : {}),
    ...(Array.isArray(data.drillPaths) ? { drillPaths: data.drillPaths } : {}),
  };
}
