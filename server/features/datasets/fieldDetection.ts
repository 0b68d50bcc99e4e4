import type { DatasetField, FieldRole, FieldType } from '../../../common/analytics';
import type { QueryColumn } from '../../../common/analytics';
import { clickhouseInnerType } from '../../engines/clickhouse/values';
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

/** Abbreviations written in capitals in a label made from a column name. */
const ACRONYMS = new Set([
  'id',
  'ids',
  'url',
  'uri',
  'api',
  'ip',
  'imdb',
  'usa',

  'uk',
  'eu',

  'sku',
  'kpi',
  'roi',
  'gdp',
  'co2',
  'vat',
  'gst',
  'iso',
  'utc',
  'gmt',
  'ceo',
  'crm',
  'erp',
  'faq',
  'pdf',
  'csv',
  'html',
  'sql',
  'mpg',
  'hp',
  'kg',
  'km',
  'nps',
  'arr',
  'mrr',
  'ltv',
  'cac',
  'ctr',
  'cpc',
  'cpm',
  'seo',
  'sms',
  'ean',
  'upc',
  'isbn',
  'fips',
  'zip',
  'dob',
  'ssn',
  'qa',

  'ai',
  'tv',
  'dvd',
  'rgb',
  'gps',
  'nyc',
]);

/** Spaces or hyphens between words and some capitals: a name its file already wrote for people. */
function isHumanName(name: string): boolean {
  return !name.includes('_') && /[\s-]/.test(name.trim()) && /[A-Z]/.test(name);
}

/**
 * A field's label from its column name: a name already written for people keeps the file's
 * spelling ("Order ID", "IMDB Rating", "Sub-Category"); snake_case, camelCase and lower case
 * become a sentence with known abbreviations in capitals (`order_id` -> "Order ID",
 * `imdb_rating` -> "IMDB rating", `Miles_per_Gallon` -> "Miles per gallon").
 */
export function labelFrom(name: string): string {
  const trimmed = name.trim();
  if (isHumanName(trimmed)) return trimmed;
  const words = trimmed
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[_.\s]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  if (words.length === 0) return name;
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
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
