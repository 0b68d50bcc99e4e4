import type { DatasetField, FieldRole, FieldType } from '../../../src/model/analytics';
import type { QueryColumn } from '../../../src/model/analytics';
import { clickhouseInnerType } from '../../engines/clickhouseValues';
import type { ColumnProfile, ColumnProfiles } from './columnProfile';
import { numberRoleFromData, numberRoleFromName } from './roleInference';

// Fields of a dataset from the columns its table or SQL answers: type from the source's
// column type, role from type, name and, when sampled, the data (roleInference.ts).

const NUMBER_TYPE =
  /int|long|short|tiny|decimal|numeric|number|double|float|real|money|serial|newdecimal/i;
const INTEGER_TYPE = /int|long|short|tiny|serial/i;
const DATE_TYPE = /date|time|year/i;
const BOOLEAN_TYPE = /^bool/i;
const INTERVAL_TYPE = /interval/i;

// ClickHouse's wrappers say nothing of the values' kind (Nullable(Date) holds dates), and its
// arrays, tuples, maps and enums are shown as text whatever their elements.
const COMPOSITE = /^(?:Array|Tuple|Map|Nested|Enum(?:8|16)?)\b/i;

function fieldTypeOf(sourceType: string): FieldType {
  const columnType = clickhouseInnerType(sourceType);
  if (COMPOSITE.test(columnType)) return 'string';
  if (BOOLEAN_TYPE.test(columnType)) return 'boolean';
  if (INTERVAL_TYPE.test(columnType)) return 'string';
  // MySQL's YEAR is a number of its own; treat it like other year columns below.
  if (/^year$/i.test(columnType)) return 'number';
  if (DATE_TYPE.test(columnType)) return 'date';
  if (NUMBER_TYPE.test(columnType)) return 'number';
  return 'string';
}

function roleOf(
  name: string,
  type: FieldType,
  columnType: string,
  profile: ColumnProfile | undefined,
): FieldRole {
  if (type === 'date') return 'time';
  if (type !== 'number') return 'dimension';
  // MySQL's YEAR holds nothing but years.
  if (/^year$/i.test(columnType)) return 'time';
  if (profile && profile.count > 0) return numberRoleFromData(name, profile);
  return numberRoleFromName(name, INTEGER_TYPE.test(columnType));
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

/** Fields of the columns; with `profiles` (sampled data) roles follow the data, not only names. */
export function detectFields(columns: QueryColumn[], profiles?: ColumnProfiles): DatasetField[] {
  return columns.map((column) => {
    const type = fieldTypeOf(column.type);
    return {
      name: column.name,
      label: labelFrom(column.name),
      type,
      role: roleOf(column.name, type, column.type, profiles?.[column.name]),
      synonyms: [],
    };
  });
}
