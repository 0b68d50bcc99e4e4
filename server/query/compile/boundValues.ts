import type { DatasetField } from '../../../common/analytics';
import { badRequest } from '../../errors';
import type { SqlDialect } from '../../engines/sqlDialect';

// The bound values of one statement, in placeholder order, and the checks that turn a
// filter's user value into a value of the field's type.

export class BoundValues {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  /** Binds a value and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length, value);
  }
}

const DATE_TEXT =
  /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** 'YYYY-MM-DD' stays as is; a timestamp becomes 'YYYY-MM-DD HH:MM:SS[.mmm]' in UTC. */
function normaliseDateText(text: string, where: string): string {
  if (!DATE_TEXT.test(text)) {
    throw badRequest(`${where}: "${text}" is not a date (use YYYY-MM-DD or an ISO timestamp).`);
  }
  const dateOnly = text.length === 10;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text.slice(10));
  const parsed = new Date(dateOnly ? `${text}T00:00:00Z` : hasZone ? text : `${text}Z`);
  // Date rolls 2024-02-30 over to March: a changed day means the text was not a real date.
  const rolledOver = !hasZone && parsed.toISOString().slice(0, 10) !== text.slice(0, 10);
  if (Number.isNaN(parsed.getTime()) || rolledOver) {
    throw badRequest(`${where}: "${text}" is not a valid date.`);
  }
  if (dateOnly) return text;
  const iso = parsed.toISOString();
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${millis === '000' ? '' : `.${millis}`}`;
}

/** A single filter value checked against the field's type, as the driver binds it. */
const ISO_DATE_START = /^\d{4}-\d{2}-\d{2}/;

export function fieldValue(
  field: DatasetField,
  value: unknown,
  dialect: SqlDialect,
  where: string,
): unknown {
  switch (field.type) {
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      // A date range over a time field of whole years (a dashboard's date filter): its years.
      if (field.role === 'time' && typeof value === 'string' && ISO_DATE_START.test(value)) {
        return Number(value.slice(0, 4));
      }
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        return Number(value);
      }
      throw badRequest(`${where}: ${field.name} is a number; ${JSON.stringify(value)} is not.`);
    case 'boolean':
      if (typeof value === 'boolean') return dialect.booleanValue(value);
      throw badRequest(
        `${where}: ${field.name} is true or false; ${JSON.stringify(value)} is not.`,
      );
    case 'date':
      if (typeof value === 'string') return normaliseDateText(value, where);
      throw badRequest(`${where}: ${field.name} is a date; give it as text (YYYY-MM-DD).`);
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw badRequest(`${where}: ${field.name} is text; ${JSON.stringify(value)} is not.`);
  }
}
