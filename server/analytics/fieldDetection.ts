import type { DatasetField, FieldRole, FieldType } from '../../src/model/analytics';
import type { QueryColumn } from '../../src/model/analytics';

// Fields of a dataset from the columns its table or SQL answers: type from the source's
// column type, role from type and name (ids and years are dimensions, not measures).

const NUMBER_TYPE =
  /int|long|short|tiny|decimal|numeric|number|double|float|real|money|serial|newdecimal/i;
const INTEGER_TYPE = /int|long|short|tiny|serial/i;
const DATE_TYPE = /date|time|year/i;
const BOOLEAN_TYPE = /^bool/i;
const INTERVAL_TYPE = /interval/i;

export function fieldTypeOf(columnType: string): FieldType {
  if (BOOLEAN_TYPE.test(columnType)) return 'boolean';
  if (INTERVAL_TYPE.test(columnType)) return 'string';
  // MySQL's YEAR is a number of its own; treat it like other year columns below.
  if (/^year$/i.test(columnType)) return 'number';
  if (DATE_TYPE.test(columnType)) return 'date';
  if (NUMBER_TYPE.test(columnType)) return 'number';
  return 'string';
}

/** `id`, `user_id`, `OrderID`, `zip`, `code`: numbers that name things rather than amounts. */
const ID_LIKE = /(^id$|_id$|^id_|[a-z]Id$|ID$|^zip|postal|code$|^code|number$|_no$|^no$)/;
const YEAR_LIKE = /(^|_|\b)(year|yr)s?$|^year/i;

function roleOf(name: string, type: FieldType, columnType: string): FieldRole {
  if (type === 'date') return 'time';
  if (type !== 'number') return 'dimension';
  if (/^year$/i.test(columnType)) return 'dimension';
  const integer = INTEGER_TYPE.test(columnType);
  if (integer && (ID_LIKE.test(name) || YEAR_LIKE.test(name))) return 'dimension';
  return 'measure';
}

/** `release_date` -> "Release date", `Miles_per_Gallon` -> "Miles per gallon", `orderId` -> "Order id". */
export function labelFrom(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function detectFields(columns: QueryColumn[]): DatasetField[] {
  return columns.map((column) => {
    const type = fieldTypeOf(column.type);
    return {
      name: column.name,
      label: labelFrom(column.name),
      type,
      role: roleOf(column.name, type, column.type),
      synonyms: [],
    };
  });
}
