import type { FieldType, FilterOp, FilterValue, RelativeDate } from '../../../common/analytics';

// Text typed into a filter's value inputs, as the typed value the query expects.

function typed(text: string, type: FieldType): string | number {
  const trimmed = text.trim();
  if (type === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed))) {
    return Number(trimmed);
  }
  return trimmed;
}

/** A list typed as `a, b, c`. */
export function listValue(text: string, type: FieldType): Array<string | number> {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => typed(part, type));
}

export function singleValue(text: string, type: FieldType): FilterValue {
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : '';
  return typed(text, type);
}

export function valueText(value: FilterValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return '';
  return String(value);
}

export const DEFAULT_RELATIVE: RelativeDate = { kind: 'last', count: 30, unit: 'day' };

export function isRelative(value: FilterValue | undefined): value is RelativeDate {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a filter starts with when its operator changes. */
export function valueForOp(
  op: FilterOp,
  previous: FilterValue | undefined,
): FilterValue | undefined {
  if (op === 'is null' || op === 'is not null') return undefined;
  if (op === 'relative') return isRelative(previous) ? previous : DEFAULT_RELATIVE;
  if (op === 'between')
    return Array.isArray(previous) && previous.length === 2 ? previous : ['', ''];
  if (op === 'in' || op === 'not in') {
    if (Array.isArray(previous)) return previous;
    return previous === '' || previous === undefined || isRelative(previous)
      ? []
      : [previous as string];
  }
  if (Array.isArray(previous)) return previous[0] ?? '';
  return isRelative(previous) ? '' : (previous ?? '');
}
