import type { FieldType } from '../../common/analytics';

// Source values made JSON-safe the same way on every connector: integers beyond 2^53 become
// strings, dates 'YYYY-MM-DD', timestamps ISO 8601 in UTC, binary data hex.

export function safeInteger(value: bigint | number | string): number | string {
  if (typeof value === 'number') return value;
  const big = typeof value === 'bigint' ? value : BigInt(value);
  const asNumber = Number(big);
  return Number.isSafeInteger(asNumber) ? asNumber : big.toString();
}

export function isoTimestamp(value: Date): string | null {
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

export function isoDate(value: Date): string | null {
  const iso = isoTimestamp(value);
  return iso === null ? null : iso.slice(0, 10);
}

/** A naive timestamp text ('2020-01-02 03:04:05.123') read as UTC, to ISO 8601. */
export function naiveTimestampToIso(text: string): string {
  const date = new Date(text.replace(' ', 'T') + (/[zZ]|[+-]\d\d(:?\d\d)?$/.test(text) ? '' : 'Z'));
  return isoTimestamp(date) ?? text;
}

function hexBytes(value: Uint8Array): string {
  return '\\x' + Buffer.from(value).toString('hex');
}

/** Any nested value (lists, structs, JSON) made JSON-safe. */
export function jsonSafe(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint':
      return safeInteger(value);
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'string':
    case 'boolean':
      return value;
    case 'object':
      if (value instanceof Date) return isoTimestamp(value);
      if (value instanceof Uint8Array) return hexBytes(value);
      if (Array.isArray(value)) return value.map(jsonSafe);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
    default:
      return String(value);
  }
}

/** The dataset field type of a native column type name of any dialect. */
export function fieldTypeOf(nativeType: string): FieldType {
  const type = nativeType.toLowerCase().trim();
  if (type === 'bool' || type === 'boolean' || type === 'tinyint(1)') return 'boolean';
  if (type.includes('interval')) return 'string';
  if (/date|timestamp|datetime/.test(type) || type === 'year') return 'date';
  if (/int|decimal|numeric|real|double|float|money|serial|number/.test(type)) return 'number';
  return 'string';
}
